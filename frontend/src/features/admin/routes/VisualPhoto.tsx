import { Link, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import { afterContentChange, isId } from '../api/content';
import { uploadVisualPhoto, useVisual } from '../api/visuals';
import { QueryError } from '../components/AccessPages';
import { PageHeader } from '../components/ContentPage';
import { CurrentFile, UploadPanel } from '../components/UploadPanel';

export const SAVE_VISUAL_FIRST = 'Save the visual first: a picture can only be uploaded for a saved visual.';

/** /admin/visuals-photo/{id}: the slide's picture, with progress; only for an id greater than 0 (spec §5). */
export default function VisualPhoto() {
  const id = Number(useParams().id);
  useDocumentTitle(`Picture of visual #${id}`);
  const saved = isId(id);
  const visual = useVisual(id);
  const queryClient = useQueryClient();

  return (
    <>
      <PageHeader
        back={{ to: '/admin/visuals', label: 'Visuals' }}
        title="Visual picture"
        lead={visual.data ? `For “${visual.data.title}” (#${id}).` : undefined}
      />
      {!saved ? (
        <section className="card admin-card">
          <p>{SAVE_VISUAL_FIRST}</p>
          <Link className="btn btn--primary btn--md" to="/admin/visuals-add">
            Add a visual
          </Link>
        </section>
      ) : null}
      {saved && visual.isError ? <QueryError error={visual.error} /> : null}
      {saved && visual.isPending ? <Spinner label="Loading the visual…" /> : null}
      {saved && visual.data ? (
        <UploadPanel
          label="Picture file"
          accept="image/*"
          send={async (file, options) => {
            const result = await uploadVisualPhoto(id, file, options);
            await afterContentChange(queryClient, 'visuals', result.visual);
            return result.message;
          }}
          current={
            <CurrentFile url={visual.data.imageUrl} kind="image" name={`Current picture of ${visual.data.title}`} noneText="This visual has no picture yet." />
          }
        />
      ) : null}
    </>
  );
}
