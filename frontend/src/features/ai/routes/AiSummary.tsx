import { Link, useParams } from 'react-router';
import { Alert } from '@/components/Alert';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import { useAiSummary } from '../api/get-summary';
import { PaidOnly } from '../components/PaidOnly';
import { SummaryReader } from '../components/SummaryReader';
import { UNEXPECTED_ERROR, aiErrorMessage } from '../messages';
import { STEP_LABELS, summaryName } from '../steps';
import '../ai.css';
import '../ai-reader.css';

/** `/ai/summaries/7` → 7; anything else is no summary. */
function summaryId(param: string | undefined): number | null {
  return param && /^\d+$/.test(param) ? Number(param) : null;
}

/**
 * /ai/summaries/:id: one of the member's AI summaries in the reader's look. A job still at work is
 * asked about every second and opens when done. Visitors log in first; unpaid members go to /pricing.
 */
export default function AiSummaryRoute() {
  const id = summaryId(useParams().id);
  return <PaidOnly framed>{id === null ? <Problem>There is no such summary.</Problem> : <Summary key={id} id={id} />}</PaidOnly>;
}

function Summary({ id }: { id: number }) {
  const query = useAiSummary(id);
  const summary = query.data?.summary;
  useDocumentTitle(summary ? summaryName(summary) : 'AI summary');

  if (query.isPending) {
    return (
      <div className="page page--center">
        <Spinner label="Loading the summary…" />
      </div>
    );
  }
  if (!summary) return <Problem>{aiErrorMessage(query.error)}</Problem>;
  if (summary.status === 'failed') return <Problem title={summaryName(summary)}>{summary.error || UNEXPECTED_ERROR}</Problem>;
  if (summary.status !== 'done') {
    return (
      <div className="page page--narrow">
        <h1 className="page__title">{summaryName(summary)}</h1>
        <Spinner label={`Not ready yet: ${STEP_LABELS[summary.status]}…`} />
        <p>
          <Link to="/ai">Back to the AI summariser</Link>
        </p>
      </div>
    );
  }
  return <SummaryReader summary={summary} />;
}

function Problem({ title = 'AI summary', children }: { title?: string; children: string }) {
  return (
    <div className="page page--narrow">
      <h1 className="page__title">{title}</h1>
      <Alert tone="error">{children}</Alert>
      <p>
        <Link to="/ai">Back to the AI summariser</Link>
      </p>
    </div>
  );
}
