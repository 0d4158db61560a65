import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert } from '@/components/Alert';
import type { AiSummary, AiSummaryStatus } from '../api/types';
import { useAiSummary } from '../api/get-summary';
import { aiKeys, isFinished } from '../api/keys';
import { UNEXPECTED_ERROR, aiErrorMessage } from '../messages';
import { STEP_LABELS, stepsFor, summaryName, type SourceKind } from '../steps';

type Step = Exclude<AiSummaryStatus, 'failed'>;

/**
 * The job just started: its steps (queued, fetching for a link, extracting, summarising, done) with
 * the current one marked and announced, asked about every second until done (a link to the
 * summary) or failed (the server's reason).
 */
export function JobProgress({ started, kind }: { started: AiSummary; kind: SourceKind }) {
  const queryClient = useQueryClient();
  const query = useAiSummary(started.id);
  const summary = query.data?.summary ?? started;
  const { status } = summary;
  const steps = stepsFor(kind);
  // The last step reached: where a failed job stopped.
  const [reached, setReached] = useState<Step>(status === 'failed' ? 'queued' : status);
  if (status !== 'failed' && status !== reached && steps.includes(status)) setReached(status);
  const currentIndex = Math.max(0, steps.indexOf(reached));
  const finished = isFinished(status);

  // "My summaries" shows the job's end too.
  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ queryKey: aiKeys.list() });
  }, [finished, queryClient]);

  const name = summaryName(summary);
  let announcement: string;
  if (status === 'done') announcement = 'Done: your summary is ready.';
  else if (status === 'failed') announcement = 'The summary could not be made.';
  else announcement = `Step ${currentIndex + 1} of ${steps.length}: ${STEP_LABELS[reached]}…`;

  return (
    <section className="card ai-job" aria-labelledby="ai-job-title">
      <h2 id="ai-job-title" className="card__title">
        {status === 'done' ? 'Your summary is ready' : status === 'failed' ? 'This one did not work' : 'Summarising'}
      </h2>
      <p className="ai-job__source">{name}</p>
      <ol className="ai-steps" aria-label="Progress">
        {steps.map((step, i) => {
          const isCurrent = i === currentIndex;
          const state = isCurrent && status === 'failed' ? 'failed' : i < currentIndex || status === 'done' ? 'done' : isCurrent ? 'current' : 'todo';
          return (
            <li
              key={step}
              className={`ai-steps__step ai-steps__step--${state}${isCurrent ? ' ai-steps__step--at' : ''}`}
              aria-current={isCurrent ? 'step' : undefined}
            >
              <span className="ai-steps__mark" aria-hidden="true">
                {state === 'done' ? '✓' : state === 'failed' ? '!' : i + 1}
              </span>
              <span>{STEP_LABELS[step]}</span>
              {state === 'done' && !isCurrent ? <span className="visually-hidden"> (finished)</span> : null}
              {state === 'failed' ? <span className="visually-hidden"> (failed)</span> : null}
            </li>
          );
        })}
      </ol>
      <p className="ai-job__status" role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
      {status === 'done' ? (
        <p className="ai-job__actions">
          <Link className="btn btn--primary btn--md" to={`/ai/summaries/${summary.id}`}>
            Read the summary
          </Link>
        </p>
      ) : null}
      {status === 'failed' ? <Alert tone="error">{summary.error || UNEXPECTED_ERROR}</Alert> : null}
      {query.error && !finished ? <Alert tone="warning">{aiErrorMessage(query.error)}</Alert> : null}
    </section>
  );
}
