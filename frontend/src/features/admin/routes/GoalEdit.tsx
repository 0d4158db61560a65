import { useState } from 'react';
import { useParams } from 'react-router';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import { GOAL_EDITED, useGoal, useUpdateGoal } from '../api/goals';
import { QueryError } from '../components/AccessPages';
import { LinkList, PageHeader } from '../components/ContentPage';
import { AdminForm } from '../components/form/AdminForm';
import { goalFields, goalFiles, goalRequest } from '../components/goal-fields';

/** /admin/goal-edit/{id}: the goal's fields; after a save the stored values with 'Goal was edited.'. */
export default function GoalEdit() {
  const id = Number(useParams().id);
  useDocumentTitle(`Edit goal #${id}`);
  const goal = useGoal(id);
  const update = useUpdateGoal(id);
  const [saved, setSaved] = useState(0);

  return (
    <>
      <PageHeader
        back={{ to: '/admin/goals', label: 'Goals' }}
        title={`Edit goal #${id}`}
        lead={goal.data ? `${goal.data.title} (${goal.data.bookCount === 1 ? '1 book' : `${goal.data.bookCount} books`})` : undefined}
      />
      {goal.isError ? <QueryError error={goal.error} /> : null}
      {goal.isPending ? <Spinner label="Loading the goal…" /> : null}
      {goal.data ? (
        <div className="content-edit">
          <section className="card admin-card">
            <AdminForm
              key={saved}
              fields={goalFields(goal.data)}
              submitLabel="Save goal"
              onSubmit={async (values) => {
                await update.mutateAsync(goalRequest(values));
                setSaved((version) => version + 1);
                return GOAL_EDITED;
              }}
              initialStatus={saved > 0 ? { kind: 'success', message: GOAL_EDITED } : undefined}
            />
          </section>
          <aside className="content-edit__side">
            <section className="card admin-card" aria-labelledby="files-title">
              <h2 id="files-title" className="card__title">
                Photos
              </h2>
              <LinkList links={goalFiles(id)} label={`Photos of ${goal.data.title}`} />
              <div className="content-edit__photos">
                {goal.data.photoUrl ? (
                  <img className="content-edit__image" src={goal.data.photoUrl} alt={`Photo of ${goal.data.title}`} />
                ) : (
                  <p className="content-edit__none">No photo yet.</p>
                )}
                {goal.data.photov2Url ? (
                  <img className="content-edit__image" src={goal.data.photov2Url} alt={`Featured photo of ${goal.data.title}`} />
                ) : (
                  <p className="content-edit__none">No featured photo yet.</p>
                )}
              </div>
            </section>
          </aside>
        </div>
      ) : null}
    </>
  );
}
