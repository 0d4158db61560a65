import { useState } from 'react';
import { useDocumentTitle } from '@/components/use-document-title';
import type { AiSummary } from '@/lib/api/types';
import { JobProgress } from '../components/JobProgress';
import { MySummaries } from '../components/MySummaries';
import { PaidOnly } from '../components/PaidOnly';
import { SummariseForm } from '../components/SummariseForm';
import type { SourceKind } from '../steps';
import '../ai.css';

/**
 * /ai (issue 16 §4; member spec "AI summariser"): paid members summarise a web page (a link) or a
 * document (a file), follow the job to the end and keep the results under "My summaries". The
 * route sends visitors to log in; members who have not paid go to /pricing.
 */
export default function AiSummariserRoute() {
  useDocumentTitle('AI summariser');
  return (
    <div className="page ai">
      <header className="page__header">
        <h1 className="page__title">AI summariser</h1>
        <p className="page__lead">Paste a link to an article or upload a document, and get its key ideas as a short summary you read like any of our books.</p>
      </header>
      <PaidOnly>
        <Summariser />
      </PaidOnly>
    </div>
  );
}

function Summariser() {
  const [job, setJob] = useState<{ summary: AiSummary; kind: SourceKind } | null>(null);
  return (
    <>
      <div className="ai__work">
        <SummariseForm onStarted={(summary, kind) => setJob({ summary, kind })} />
        {job ? <JobProgress key={job.summary.id} started={job.summary} kind={job.kind} /> : null}
      </div>
      <MySummaries />
    </>
  );
}
