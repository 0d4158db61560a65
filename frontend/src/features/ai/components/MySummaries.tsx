import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Spinner } from '@/components/Spinner';
import type { AiSummary } from '../api/types';
import { useDeleteSummary } from '../api/delete-summary';
import { isFinished } from '../api/keys';
import { useAiSummaries } from '../api/list-summaries';
import { aiErrorMessage } from '../messages';
import { STATUS_LABELS, formatCreated, summaryName } from '../steps';

/** "My summaries": each with its source, date and status; a finished one opens in the reader; each can be deleted. */
export function MySummaries() {
  const list = useAiSummaries();
  const remove = useDeleteSummary();
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const summaries = list.data?.summaries ?? [];

  const onDelete = (summary: AiSummary) => {
    const name = summaryName(summary);
    if (!window.confirm(`Delete the summary “${name}”? This cannot be undone.`)) return;
    setNotice(null);
    remove.mutate(summary.id, {
      onSuccess: () => {
        setNotice({ tone: 'success', text: `The summary “${name}” was deleted.` });
        // The button that had the focus is gone with its row.
        headingRef.current?.focus();
      },
      onError: (error) => setNotice({ tone: 'error', text: aiErrorMessage(error) }),
    });
  };

  return (
    <section className="ai-mine" aria-labelledby="ai-mine-title">
      <h2 id="ai-mine-title" ref={headingRef} tabIndex={-1} className="ai-mine__title">
        My summaries
      </h2>
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      {list.isPending ? <Spinner label="Loading your summaries…" /> : null}
      {list.error ? <Alert tone="error">{aiErrorMessage(list.error)}</Alert> : null}
      {list.data && summaries.length === 0 ? <p className="ai-mine__empty">No summaries yet: the ones you make are kept here.</p> : null}
      {summaries.length > 0 ? (
        <ul className="ai-mine__list" aria-labelledby="ai-mine-title">
          {summaries.map((summary) => {
            const name = summaryName(summary);
            const working = !isFinished(summary.status);
            return (
              <li key={summary.id} className="ai-mine__item">
                <div className="ai-mine__main">
                  <p className="ai-mine__name">{summary.status === 'done' ? <Link to={`/ai/summaries/${summary.id}`}>{name}</Link> : name}</p>
                  <p className="ai-mine__meta">
                    {name !== summary.source ? <span className="ai-mine__source">{summary.source}</span> : null}
                    <time dateTime={summary.createdAt}>{formatCreated(summary.createdAt)}</time>
                  </p>
                  {summary.status === 'failed' && summary.error ? <p className="ai-mine__error">{summary.error}</p> : null}
                </div>
                <span className={`ai-status ai-status--${summary.status}`}>
                  <span className="visually-hidden">Status: </span>
                  {STATUS_LABELS[summary.status]}
                  {working ? '…' : null}
                </span>
                <Button
                  size="sm"
                  variant="ghost"
                  className="ai-mine__delete"
                  aria-label={`Delete ${name}`}
                  onClick={() => onDelete(summary)}
                  disabled={remove.isPending && remove.variables === summary.id}
                >
                  Delete
                </Button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
