import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/Alert';
import { useDocumentTitle } from '@/components/use-document-title';
import { errorMessage } from '@/lib/api/client';
import { useUnsubscribe } from '../api/unsubscribe';
import { CHALLENGE_PAGE, REMINDERS_OFF_MESSAGE, UNSUBSCRIBE_INVALID_MESSAGE, UNSUBSCRIBE_TITLE } from '../constants';
import '../challenge.css';

/**
 * /ten-day-challenge/unsubscribe?token=... (issue 16 §1): the link of the daily reminder mail. For
 * everyone, signed in or not: the token is sent once as the page opens, and the reminders are off
 * or the server says why not (a link without a token is no longer valid without asking).
 */
export default function ChallengeUnsubscribeRoute() {
  useDocumentTitle('Stop the reminder e-mails');
  const [search] = useSearchParams();
  const token = (search.get('token') ?? '').trim();
  const unsubscribe = useUnsubscribe();
  const { mutate } = unsubscribe;
  /** The token sent (StrictMode runs effects twice; one request per link). */
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    mutate({ token });
  }, [token, mutate]);

  const error = !token ? UNSUBSCRIBE_INVALID_MESSAGE : unsubscribe.isError ? errorMessage(unsubscribe.error) : null;
  const done = token !== '' && unsubscribe.isSuccess;
  const waiting = error === null && !done;

  return (
    <div className="page page--narrow challenge-unsubscribe">
      <header className="page__header">
        <h1 className="page__title">{UNSUBSCRIBE_TITLE}</h1>
      </header>
      <div className="card challenge-unsubscribe__card">
        {/* Always there, so that the answer is announced when it comes. */}
        <div className="challenge-unsubscribe__status" role="status">
          {waiting ? <p className="challenge-unsubscribe__message">Turning your reminders off…</p> : null}
          {done ? <p className="challenge-unsubscribe__message">{REMINDERS_OFF_MESSAGE}</p> : null}
        </div>
        {error ? <Alert tone="error">{error}</Alert> : null}
        {waiting ? null : (
          <p className="challenge-unsubscribe__next">
            <Link className="btn btn--primary btn--md" to={CHALLENGE_PAGE}>
              Go to the ten-day challenge
            </Link>
          </p>
        )}
      </div>
    </div>
  );
}
