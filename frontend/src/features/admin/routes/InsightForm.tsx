import { useState } from 'react';
import { useParams } from 'react-router';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import type { AdminInsightView } from '../api/types';
import { INSIGHT_ADDED, INSIGHT_UPDATED, useAddInsight, useInsight, useUpdateInsight } from '../api/insights';
import { QueryError } from '../components/AccessPages';
import { AddedCard, PageHeader } from '../components/ContentPage';
import { AdminForm } from '../components/form/AdminForm';
import { insightFields, insightRequest } from '../components/insight-fields';

const BACK = { to: '/admin/insights', label: 'Insights' };

/** /admin/insight-add: Quote and Book, then 'Insight was added.'. */
export function InsightAdd() {
  useDocumentTitle('Add insight');
  const add = useAddInsight();
  const [added, setAdded] = useState<AdminInsightView | null>(null);
  return (
    <>
      <PageHeader back={BACK} title="Add insight" />
      {added ? (
        <AddedCard
          message={INSIGHT_ADDED}
          heading={`Insight #${added.id} from “${added.title}”`}
          edit={{ to: `/admin/insight-edit/${added.id}`, label: 'Edit the insight' }}
          againLabel="Add another insight"
          onAgain={() => setAdded(null)}
        />
      ) : (
        <section className="card admin-card">
          <AdminForm
            fields={insightFields()}
            submitLabel="Add insight"
            submittingLabel="Adding…"
            onSubmit={async (values) => {
              setAdded(await add.mutateAsync(insightRequest(values)));
            }}
          />
        </section>
      )}
    </>
  );
}

/** /admin/insight-edit/{id}: after a save the stored values with 'Insight was updated.'. */
export function InsightEdit() {
  const id = Number(useParams().id);
  useDocumentTitle(`Edit insight #${id}`);
  const insight = useInsight(id);
  const update = useUpdateInsight();
  const [saved, setSaved] = useState(0);
  return (
    <>
      <PageHeader back={BACK} title={`Edit insight #${id}`} lead={insight.data ? `From “${insight.data.title}”.` : undefined} />
      {insight.isError ? <QueryError error={insight.error} /> : null}
      {insight.isPending ? <Spinner label="Loading the insight…" /> : null}
      {insight.data ? (
        <section className="card admin-card">
          <AdminForm
            key={saved}
            fields={insightFields(insight.data)}
            submitLabel="Save insight"
            onSubmit={async (values) => {
              await update.mutateAsync(insightRequest(values, insight.data));
              setSaved((version) => version + 1);
              return INSIGHT_UPDATED;
            }}
            initialStatus={saved > 0 ? { kind: 'success', message: INSIGHT_UPDATED } : undefined}
          />
        </section>
      ) : null}
    </>
  );
}

/** Both insight forms, one chunk. */
export default function InsightForm({ mode }: { mode: 'add' | 'edit' }) {
  return mode === 'add' ? <InsightAdd /> : <InsightEdit />;
}
