import { useState } from 'react';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import type { AiSummary } from '../api/types';
import { useSessionStatus } from '@/lib/auth/session-status';
import { JobProgress } from '../components/JobProgress';
import { MySummaries } from '../components/MySummaries';
import { PaidOnly } from '../components/PaidOnly';
import { SummariseForm } from '../components/SummariseForm';
import type { SourceKind } from '../steps';
import '../ai.css';

/**
 * /ai (issue 16 §4; member spec "AI summariser"): paid members summarise a web page (a link) or a
 * document (a file), follow the job to the end and keep the results under "My summaries". Public
 * in the back-office route table: visitors see the form and "Log in to summarize" (to /login and
 * back); members who have not paid go to /pricing.
 */
export default function AiSummariserRoute() {
  useDocumentTitle('AI summariser');
  const session = useSessionStatus();
  return (
    <div className="page ai">
      <header className="page__header">
        <h1 className="page__title">AI summariser</h1>
        <p className="page__lead">Paste a link to an article or upload a document, and get its key ideas as a short summary you read like any of our books.</p>
      </header>
      {session === 'checking' ? <Spinner label="Checking your session…" /> : null}
      {session === 'out' ? <SummariseForm signedOut /> : null}
      {session === 'in' ? (
        <PaidOnly>
          <Summariser />
        </PaidOnly>
      ) : null}
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
