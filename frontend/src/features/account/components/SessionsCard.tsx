import { useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Spinner } from '@/components/Spinner';
import { errorMessage } from '@/lib/api/client';
import type { SessionView } from '../api/types';
import { useEndSession } from '../api/end-session';
import { useSessions } from '../api/get-sessions';
import { useLogoutEverywhere } from '../api/security';

const WHEN = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A moment as the reader's own locale and time zone write it, e.g. "Mar 3, 2025, 9:41 AM". */
export function formatWhen(ms: number): string {
  return WHEN.format(new Date(ms));
}

/** "Where you're signed in": each session with a way to sign it out, and "Sign out everywhere". */
export function SessionsCard() {
  const navigate = useNavigate();
  const sessions = useSessions();
  const end = useEndSession();
  const everywhere = useLogoutEverywhere();
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const baseId = useId();

  const signOut = (session: SessionView) => {
    setProblem(null);
    setDone(null);
    end.mutate(session.id, {
      onSuccess: () => {
        // The server also dropped this browser's cookies: the same as logging out.
        if (session.current) {
          void navigate('/logout', { replace: true });
          return;
        }
        setDone(`Signed out ${session.device}.`);
        // The button is gone: keep the keyboard in this card.
        titleRef.current?.focus();
      },
      onError: (error) => setProblem(errorMessage(error)),
    });
  };

  const signOutEverywhere = () => {
    setProblem(null);
    setDone(null);
    everywhere.mutate(undefined, {
      // /logout forgets this browser's token and cached data too.
      onSuccess: () => void navigate('/logout', { replace: true }),
      onError: (error) => setProblem(errorMessage(error)),
    });
  };

  const list = sessions.data?.sessions ?? [];

  return (
    <section className="card" aria-labelledby="sessions-title">
      <h2 id="sessions-title" className="card__title" tabIndex={-1} ref={titleRef}>
        Where you&apos;re signed in
      </h2>
      {problem ? <Alert tone="warning">{problem}</Alert> : null}
      {done ? <Alert tone="success">{done}</Alert> : null}
      {sessions.isPending ? <Spinner label="Loading your sessions…" /> : null}
      {sessions.isError ? (
        <>
          <Alert tone="warning">{errorMessage(sessions.error)}</Alert>
          <Button variant="ghost" size="sm" onClick={() => void sessions.refetch()}>
            Try again
          </Button>
        </>
      ) : null}
      {list.length > 0 ? (
        <ul className="sessions" aria-labelledby="sessions-title">
          {list.map((session, index) => {
            const detailsId = `${baseId}-${index}`;
            const ending = end.isPending && end.variables === session.id;
            return (
              <li key={session.id} className="session">
                <div className="session__info">
                  <p className="session__device">
                    <span>{session.device}</span>
                    {session.current ? <span className="badge badge--success">This device</span> : null}
                  </p>
                  <div id={detailsId} className="session__details">
                    <p>{session.address}</p>
                    <p>
                      Last active <time dateTime={new Date(session.lastUsedAt).toISOString()}>{formatWhen(session.lastUsedAt)}</time>
                    </p>
                  </div>
                </div>
                {session.current ? null : (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Sign out ${session.device}`}
                    aria-describedby={detailsId}
                    loading={ending}
                    loadingText="Signing out…"
                    disabled={end.isPending}
                    onClick={() => signOut(session)}
                  >
                    Sign out
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
      <p>Signed in somewhere you do not recognise? Sign out on every device, this one included.</p>
      <Button type="button" variant="secondary" size="md" onClick={signOutEverywhere} loading={everywhere.isPending} loadingText="Signing out…">
        Sign out everywhere
      </Button>
    </section>
  );
}
