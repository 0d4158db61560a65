import { useState } from 'react';
import { useDocumentTitle } from '@/components/use-document-title';
import type { AdminGoalView } from '../api/types';
import { GOAL_ADDED, useAddGoal } from '../api/goals';
import { AddedCard, PageHeader } from '../components/ContentPage';
import { AdminForm } from '../components/form/AdminForm';
import { goalFields, goalFiles, goalRequest } from '../components/goal-fields';

/** /admin/goal-add: the form, then only 'Goal was added.' with the ways on (spec §4). */
export default function GoalAdd() {
  useDocumentTitle('Add goal');
  const add = useAddGoal();
  const [added, setAdded] = useState<AdminGoalView | null>(null);

  return (
    <>
      <PageHeader back={{ to: '/admin/goals', label: 'Goals' }} title="Add goal" />
      {added ? (
        <AddedCard
          message={GOAL_ADDED}
          heading={`“${added.title}” (#${added.id})`}
          next="Next, upload its photos, and link books to it on their book forms:"
          links={goalFiles(added.id)}
          edit={{ to: `/admin/goal-edit/${added.id}`, label: 'Edit the goal' }}
          againLabel="Add another goal"
          onAgain={() => setAdded(null)}
        />
      ) : (
        <section className="card admin-card">
          <AdminForm
            fields={goalFields()}
            submitLabel="Add goal"
            submittingLabel="Adding…"
            onSubmit={async (values) => {
              setAdded(await add.mutateAsync(goalRequest(values)));
            }}
          />
        </section>
      )}
    </>
  );
}
