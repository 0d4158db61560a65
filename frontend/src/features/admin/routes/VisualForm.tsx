import { useState } from 'react';
import { useParams } from 'react-router';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import type { AdminVisualView } from '../api/types';
import { VISUAL_ADDED, VISUAL_EDITED, useAddVisual, useUpdateVisual, useVisual } from '../api/visuals';
import { QueryError } from '../components/AccessPages';
import { AddedCard, LinkList, PageHeader } from '../components/ContentPage';
import { AdminForm } from '../components/form/AdminForm';
import { visualFields, visualRequest } from '../components/visual-fields';

const BACK = { to: '/admin/visuals', label: 'Visuals' };

/** /admin/visuals-add: title and body required, book id and image optional; then 'The visual was added.'. */
export function VisualAdd() {
  useDocumentTitle('Add visual');
  const add = useAddVisual();
  const [added, setAdded] = useState<AdminVisualView | null>(null);
  return (
    <>
      <PageHeader back={BACK} title="Add visual" />
      {added ? (
        <AddedCard
          message={VISUAL_ADDED}
          heading={`“${added.title}” (#${added.id})`}
          next="Next, upload its picture:"
          links={[{ to: `/admin/visuals-photo/${added.id}`, label: 'Photo' }]}
          edit={{ to: `/admin/visuals-update/${added.id}`, label: 'Edit the visual' }}
          againLabel="Add another visual"
          onAgain={() => setAdded(null)}
        />
      ) : (
        <section className="card admin-card">
          <AdminForm
            fields={visualFields()}
            submitLabel="Add visual"
            submittingLabel="Adding…"
            onSubmit={async (values) => {
              setAdded(await add.mutateAsync(visualRequest(values)));
            }}
          />
        </section>
      )}
    </>
  );
}

/** /admin/visuals-update/{id}: after a save the stored values with 'Visuals was edited.'. */
export function VisualEdit() {
  const id = Number(useParams().id);
  useDocumentTitle(`Edit visual #${id}`);
  const visual = useVisual(id);
  const update = useUpdateVisual(id);
  const [saved, setSaved] = useState(0);
  return (
    <>
      <PageHeader
        back={BACK}
        title={`Edit visual #${id}`}
        lead={
          visual.data
            ? visual.data.bookTitle
              ? `${visual.data.title}, a slide of “${visual.data.bookTitle}”.`
              : `${visual.data.title}, not linked to a book.`
            : undefined
        }
      />
      {visual.isError ? <QueryError error={visual.error} /> : null}
      {visual.isPending ? <Spinner label="Loading the visual…" /> : null}
      {visual.data ? (
        <div className="content-edit">
          <section className="card admin-card">
            <AdminForm
              key={saved}
              fields={visualFields(visual.data)}
              submitLabel="Save visual"
              onSubmit={async (values) => {
                await update.mutateAsync(visualRequest(values));
                setSaved((version) => version + 1);
                return VISUAL_EDITED;
              }}
              initialStatus={saved > 0 ? { kind: 'success', message: VISUAL_EDITED } : undefined}
            />
          </section>
          <aside className="content-edit__side">
            <section className="card admin-card" aria-labelledby="picture-title">
              <h2 id="picture-title" className="card__title">
                Picture
              </h2>
              {visual.data.imageUrl ? (
                <img className="content-edit__image" src={visual.data.imageUrl} alt={`Picture of ${visual.data.title}`} />
              ) : (
                <p className="content-edit__none">No picture yet.</p>
              )}
              <LinkList
                links={[{ to: `/admin/visuals-photo/${id}`, label: visual.data.imageUrl ? 'Replace the picture' : 'Upload a picture' }]}
                label={`Picture of ${visual.data.title}`}
              />
            </section>
          </aside>
        </div>
      ) : null}
    </>
  );
}

/** Both visual forms, one chunk. */
export default function VisualForm({ mode }: { mode: 'add' | 'edit' }) {
  return mode === 'add' ? <VisualAdd /> : <VisualEdit />;
}
