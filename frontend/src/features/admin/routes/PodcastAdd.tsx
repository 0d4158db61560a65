import { useState } from 'react';
import { useDocumentTitle } from '@/components/use-document-title';
import type { AdminPodcastView } from '../api/types';
import { PODCAST_ADDED, useAddPodcast } from '../api/podcasts';
import { AddedCard, PageHeader } from '../components/ContentPage';
import { AdminForm } from '../components/form/AdminForm';
import { podcastFields, podcastFiles, podcastRequest } from '../components/podcast-fields';

/** /admin/podcast-add: the form, then only 'Podcast was added.' with the ways on (spec §4). */
export default function PodcastAdd() {
  useDocumentTitle('Add podcast');
  const add = useAddPodcast();
  const [added, setAdded] = useState<AdminPodcastView | null>(null);

  return (
    <>
      <PageHeader back={{ to: '/admin/podcasts', label: 'Podcasts' }} title="Add podcast" />
      {added ? (
        <AddedCard
          message={PODCAST_ADDED}
          heading={`“${added.title}” (#${added.id})`}
          next="Next, upload its cover and its audio:"
          links={podcastFiles(added.id)}
          edit={{ to: `/admin/podcasts/${added.id}`, label: 'Edit the podcast' }}
          againLabel="Add another podcast"
          onAgain={() => setAdded(null)}
        />
      ) : (
        <section className="card admin-card">
          <AdminForm
            fields={podcastFields()}
            submitLabel="Add podcast"
            submittingLabel="Adding…"
            onSubmit={async (values) => {
              setAdded(await add.mutateAsync(podcastRequest(values)));
            }}
          />
        </section>
      )}
    </>
  );
}
