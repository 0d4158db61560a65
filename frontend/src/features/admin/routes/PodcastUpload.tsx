import { useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import { afterContentChange } from '../api/content';
import { uploadPodcastFile, usePodcast, type PodcastSlot } from '../api/podcasts';
import { QueryError } from '../components/AccessPages';
import { PageHeader } from '../components/ContentPage';
import { CurrentFile, UploadPanel } from '../components/UploadPanel';

const SCREENS: Record<PodcastSlot, { title: string; label: string; accept: string; kind: 'image' | 'audio' }> = {
  photo: { title: 'Podcast cover photo', label: 'Cover photo file', accept: 'image/*', kind: 'image' },
  media: { title: 'Podcast audio', label: 'Audio file', accept: 'audio/*', kind: 'audio' },
};

/** /admin/podcast-photo/{id} and /admin/podcast-media/{id}: one file, with progress. */
export default function PodcastUpload({ slot }: { slot: PodcastSlot }) {
  const id = Number(useParams().id);
  const screen = SCREENS[slot];
  useDocumentTitle(`${screen.title} of podcast #${id}`);
  const podcast = usePodcast(id);
  const queryClient = useQueryClient();

  return (
    <>
      <PageHeader
        back={{ to: '/admin/podcasts', label: 'Podcasts' }}
        title={screen.title}
        lead={podcast.data ? `For “${podcast.data.title}” by ${podcast.data.author} (#${id}).` : undefined}
      />
      {podcast.isError ? <QueryError error={podcast.error} /> : null}
      {podcast.isPending ? <Spinner label="Loading the podcast…" /> : null}
      {podcast.data ? (
        <UploadPanel
          label={screen.label}
          accept={screen.accept}
          send={async (file, options) => {
            const result = await uploadPodcastFile(slot, id, file, options);
            await afterContentChange(queryClient, 'podcasts', result.podcast);
            return result.message;
          }}
          current={
            <CurrentFile
              url={slot === 'photo' ? podcast.data.imageUrl : podcast.data.mediaUrl}
              kind={screen.kind}
              name={slot === 'photo' ? `Current cover photo of ${podcast.data.title}` : `Current audio of ${podcast.data.title}`}
              noneText={slot === 'photo' ? 'This podcast has no cover photo yet.' : 'This podcast has no audio yet.'}
            />
          }
        />
      ) : null}
    </>
  );
}
