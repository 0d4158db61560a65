import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import { PODCAST_UPDATED, usePodcast, useUpdatePodcast } from '../api/podcasts';
import { QueryError } from '../components/AccessPages';
import { LinkList, PageHeader } from '../components/ContentPage';
import { AdminForm } from '../components/form/AdminForm';
import { podcastFields, podcastFiles, podcastRequest } from '../components/podcast-fields';

/** /admin/podcasts/{id}: the podcast's fields; after a save the stored values with 'Podcast was updated.'. */
export default function PodcastEdit() {
  const id = Number(useParams().id);
  useDocumentTitle(`Edit podcast #${id}`);
  const podcast = usePodcast(id);
  const update = useUpdatePodcast(id);
  const [saved, setSaved] = useState(0);

  return (
    <>
      <PageHeader
        back={{ to: '/admin/podcasts', label: 'Podcasts' }}
        title={`Edit podcast #${id}`}
        lead={podcast.data ? `${podcast.data.title} by ${podcast.data.author}` : undefined}
      />
      {podcast.isError ? <QueryError error={podcast.error} /> : null}
      {podcast.isPending ? <Spinner label="Loading the podcast…" /> : null}
      {podcast.data ? (
        <div className="content-edit">
          <section className="card admin-card">
            <AdminForm
              key={saved}
              fields={podcastFields(podcast.data)}
              submitLabel="Save podcast"
              onSubmit={async (values) => {
                await update.mutateAsync(podcastRequest(values));
                setSaved((version) => version + 1);
                return PODCAST_UPDATED;
              }}
              initialStatus={saved > 0 ? { kind: 'success', message: PODCAST_UPDATED } : undefined}
            />
          </section>
          <aside className="content-edit__side">
            <section className="card admin-card" aria-labelledby="files-title">
              <h2 id="files-title" className="card__title">
                Files
              </h2>
              <LinkList links={podcastFiles(id)} label={`Files of ${podcast.data.title}`} />
              {podcast.data.imageUrl ? (
                <img className="content-edit__image" src={podcast.data.imageUrl} alt={`Cover of ${podcast.data.title}`} />
              ) : (
                <p className="content-edit__none">No cover yet.</p>
              )}
              {podcast.data.mediaUrl ? (
                <audio className="content-edit__player" controls preload="none" src={podcast.data.mediaUrl} aria-label={`Audio of ${podcast.data.title}`}>
                  <a href={podcast.data.mediaUrl}>Download the audio</a>
                </audio>
              ) : (
                <p className="content-edit__none">
                  No audio yet. <Link to={`/admin/podcast-media/${id}`}>Upload it</Link>
                </p>
              )}
            </section>
          </aside>
        </div>
      ) : null}
    </>
  );
}
