import { useId } from 'react';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { ChallengeBookCard } from '@/components/ChallengeBookCard';
import type { ChallengeBook } from '@/lib/api/types';
import { SAVED_MESSAGE, SAVE_LOGIN_MESSAGE } from '../constants';
import { challengeShareLinks } from '../share';
import { RemindersToggle } from './RemindersToggle';
import { useStepHeading } from './use-step-heading';

export const RESULTS_TITLE = 'Your 10-Day Reading Plan';

interface PlanResultsProps {
  books: ChallengeBook[];
  goalTitles: string[];
  /** The member's saved plan (no Save button; done days marked), or one just made. */
  saved: boolean;
  /** A member's saved plan: its daily reminder mails are on (the switch shows only when given). */
  reminders?: boolean;
  focusHeading: boolean;
  saving: boolean;
  /** Signed out: the plan is kept for after logging in, and the login page opens in a moment. */
  loggingIn: boolean;
  /** Why the last save failed. */
  error: string | null;
  onSave: () => void;
  onNewPlan: () => void;
}

/**
 * Step 3: the goals, the books day by day, 'Save Your Reading Plan' while the plan is not saved,
 * the daily reminder mails once it is, 'Create New Plan' (back to the goals) and links sharing the
 * challenge.
 */
export function PlanResults({ books, goalTitles, saved, reminders, focusHeading, saving, loggingIn, error, onSave, onNewPlan }: PlanResultsProps) {
  const heading = useStepHeading(focusHeading);
  const id = useId();
  const days = [...books].sort((a, b) => a.dayNo - b.dayNo);
  const done = days.filter((book) => book.done).length;
  return (
    <section className="challenge-step challenge-results" aria-labelledby="challenge-results-title">
      <div className="card challenge-results__head">
        <h2 id="challenge-results-title" className="challenge-step__title" tabIndex={-1} ref={heading}>
          {RESULTS_TITLE}
        </h2>
        {goalTitles.length > 0 ? (
          <div className="challenge-chosen">
            <p className="challenge-chosen__label" id={`${id}-goals`}>
              Your goals
            </p>
            <ul className="challenge-chosen__list" aria-labelledby={`${id}-goals`}>
              {goalTitles.map((title) => (
                <li key={title} className="challenge-chosen__goal">
                  {title}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {saved ? (
          <Alert tone="success">
            {SAVED_MESSAGE} {done > 0 ? `${done} of ${days.length} days done.` : 'Read a book a day and tick your days off.'}
          </Alert>
        ) : (
          <p className="challenge-step__text">One book a day for ten days. Save the plan to find it here again and see your days done.</p>
        )}
        {saved && reminders !== undefined ? <RemindersToggle reminders={reminders} /> : null}
        {loggingIn ? <Alert tone="info">{SAVE_LOGIN_MESSAGE}</Alert> : null}
        {error ? <Alert tone="warning">{error}</Alert> : null}
        <div className="challenge-actions">
          {saved ? null : (
            <Button size="lg" onClick={onSave} loading={saving} loadingText="Saving…" disabled={loggingIn}>
              Save Your Reading Plan
            </Button>
          )}
          <Button size="lg" variant="ghost" onClick={onNewPlan} disabled={saving || loggingIn}>
            Create New Plan
          </Button>
        </div>
      </div>

      <ol className="challenge-plan" aria-label="Your books, one a day">
        {days.map((book) => (
          <li key={book.id} className="challenge-plan__day">
            <ChallengeBookCard book={book} />
          </li>
        ))}
      </ol>

      <div className="challenge-share">
        <p className="challenge-share__label" id={`${id}-share`}>
          Invite friends to take the challenge
        </p>
        <ul className="challenge-share__list" aria-labelledby={`${id}-share`}>
          {challengeShareLinks().map((share) => (
            <li key={share.label}>
              <a className="btn btn--ghost btn--sm" href={share.href} rel="noopener noreferrer" {...(share.newTab ? { target: '_blank' } : {})}>
                {share.label}
                {share.newTab ? (
                  <>
                    {' '}
                    <span className="visually-hidden">(opens in a new tab)</span>
                  </>
                ) : null}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
