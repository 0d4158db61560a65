import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/Alert';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import { ApiError, errorMessage } from '@/lib/api/client';
import { useToken } from '@/lib/auth/use-auth';
import { useKeptResult } from '../api/get-result';
import { useSubmittedResult } from '../api/submit-results';
import { FullReport } from '../components/FullReport';
import { NoResults } from '../components/NoResults';
import { TopResult } from '../components/TopResult';
import { Upsell } from '../components/Upsell';
import { QUIZZES, type QuizMeta } from '../constants';
import { getStoredCounts } from '../storage';
import type { QuizId } from '../types';
import '../quiz.css';

/**
 * /quiz-results and /personality-quiz-results: the results of this session (sessionStorage, sent
 * again to POST /api/quiz-results/{quiz} for their view) or, for a member without them, those kept
 * on the server (GET /api/quiz-results/{quiz}). The free view shows the top type or colour; the
 * full report is sold by the plan `reportPlanId` and shows here once bought.
 */
export default function QuizResultsRoute({ quiz }: { quiz: QuizId }) {
  const meta = QUIZZES[quiz];
  useDocumentTitle(`${meta.name} results`);
  return <QuizResultsPage key={quiz} meta={meta} />;
}

/** A 404 (not taken) or a 401 (not a member after all) on the kept results: nothing to show. */
function nothingKept(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.notLoggedIn);
}

function QuizResultsPage({ meta }: { meta: QuizMeta }) {
  const signedIn = useToken() !== null;
  const [counts] = useState(() => getStoredCounts(meta.id));
  const submitted = useSubmittedResult(meta.id, counts, signedIn);
  const kept = useKeptResult(meta.id, counts === null && signedIn);
  const query = counts !== null ? submitted : kept;

  let body;
  if (counts === null && !signedIn) {
    body = <NoResults meta={meta} />;
  } else if (query.isPending) {
    body = <Spinner label="Loading your results…" />;
  } else if (query.isError) {
    body =
      counts === null && nothingKept(query.error) ? (
        <NoResults meta={meta} />
      ) : (
        <>
          <Alert tone="error">{errorMessage(query.error)}</Alert>
          <p>
            <Link to={meta.path}>Take the quiz again</Link>
          </p>
        </>
      );
  } else {
    const result = query.data;
    body = (
      <>
        <TopResult meta={meta} result={result} />
        {result.fullReport ? <FullReport meta={meta} /> : <Upsell meta={meta} planId={result.reportPlanId} signedIn={signedIn} />}
        <p className="quiz-again">
          <Link to={meta.path}>Take the quiz again</Link>
        </p>
      </>
    );
  }

  return (
    <div className="page quiz quiz-results">
      <header className="page__header">
        <h1 className="page__title">{meta.name} results</h1>
        <p className="page__lead">
          {meta.id === 'personality-quiz' ? 'The colour that describes you best, from your answers.' : 'Where your mind is at its best, from your answers.'}
        </p>
      </header>
      {body}
    </div>
  );
}
