import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { TextField } from '@/components/form/Field';
import { errorMessage } from '@/lib/api/client';
import type { Seat, SeatState } from '../api/types';
import { formatDate } from '@/lib/plan';
import { useInviteToSeat, useRevokeSeat } from '../api/seats';
import './teams.css';

export const INVITE_EMAIL_REQUIRED = 'Please enter your colleague\u2019s email address.';

const STATE_LABELS: Record<SeatState, string> = {
  free: 'Free',
  invited: 'Invited',
  redeemed: 'Redeemed',
  revoked: 'Revoked',
};

const STATE_BADGES: Record<SeatState, string> = {
  free: 'badge',
  invited: 'badge badge--warning',
  redeemed: 'badge badge--success',
  revoked: 'badge',
};

/** Who has the seat, in a line. */
export function seatLine(seat: Seat): string {
  switch (seat.state) {
    case 'redeemed':
      return `Redeemed by ${seat.redeemedBy ?? 'a colleague'}${seat.redeemedAt ? ` on ${formatDate(seat.redeemedAt)}` : ''}`;
    case 'invited':
      return `Invited ${seat.invitedEmail ?? ''}${seat.invitedAt ? ` on ${formatDate(seat.invitedAt)}` : ''}`.replace('  ', ' ');
    case 'revoked':
      return 'Revoked: this code no longer works.';
    default:
      return 'Not handed out yet.';
  }
}

type Mode = 'idle' | 'inviting' | 'revoking';

/**
 * One seat: its code, where it stands, and, until someone redeems it, "Invite by e-mail" (again,
 * for an invited seat) and "Revoke" (asked twice; a new code replaces it).
 */
export function SeatItem({ seat, number, onDone }: { seat: Seat; number: number; onDone: (message: string) => void }) {
  const invite = useInviteToSeat();
  const revoke = useRevokeSeat();
  const [mode, setMode] = useState<Mode>('idle');
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const titleId = useId();
  const inviteButton = useRef<HTMLButtonElement>(null);
  const firstField = useRef<HTMLDivElement>(null);
  const confirm = useRef<HTMLDivElement>(null);
  const open = seat.state === 'free' || seat.state === 'invited';

  // Focus follows the mode: into the e-mail box, then back to the seat's first button.
  const returning = useRef(false);
  useEffect(() => {
    if (mode === 'inviting') firstField.current?.querySelector('input')?.focus();
    if (mode === 'revoking') confirm.current?.querySelector('button')?.focus();
    if (mode === 'idle' && returning.current) {
      returning.current = false;
      inviteButton.current?.focus();
    }
  }, [mode]);

  const close = () => {
    returning.current = true;
    setMode('idle');
    setProblem(null);
  };

  const onInvite = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (invite.isPending) return;
    const typed = email.trim();
    if (!typed) {
      setProblem(INVITE_EMAIL_REQUIRED);
      return;
    }
    setProblem(null);
    invite.mutate(
      { id: seat.id, email: typed },
      {
        onSuccess: () => {
          returning.current = true;
          setMode('idle');
          setEmail('');
          onDone(`Invitation sent to ${typed}.`);
        },
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  };

  const onRevoke = () => {
    revoke.mutate(seat.id, {
      onSuccess: () => onDone(`Seat ${number} was revoked. A new code replaces it.`),
      onError: (error) => {
        setMode('idle');
        setProblem(errorMessage(error));
      },
    });
  };

  return (
    <li className={`seat seat--${seat.state}`} aria-labelledby={titleId}>
      <div className="seat__head">
        <h3 id={titleId} className="seat__title">
          Seat {number}
        </h3>
        <span className={STATE_BADGES[seat.state]} data-testid="seat-state">
          {STATE_LABELS[seat.state]}
        </span>
      </div>
      <p className="seat__code">
        <span className="visually-hidden">Code: </span>
        <code data-testid="seat-code">{seat.code}</code>
      </p>
      <p className="seat__line">{seatLine(seat)}</p>
      {problem ? <Alert tone="warning">{problem}</Alert> : null}
      {open && mode === 'idle' ? (
        <div className="seat__actions">
          <button ref={inviteButton} type="button" className="btn btn--secondary btn--sm" onClick={() => setMode('inviting')} aria-describedby={titleId}>
            {seat.state === 'invited' ? 'Invite again' : 'Invite by e-mail'}
          </button>
          <Button size="sm" variant="ghost" onClick={() => setMode('revoking')} aria-describedby={titleId}>
            Revoke
          </Button>
        </div>
      ) : null}
      {open && mode === 'inviting' ? (
        <form className="form seat__form" onSubmit={onInvite} noValidate aria-label={`Invite to seat ${number}`}>
          <div ref={firstField}>
            <TextField
              label="Colleague's email"
              name="email"
              type="email"
              autoComplete="off"
              inputMode="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </div>
          <div className="seat__actions">
            <Button type="submit" size="sm" loading={invite.isPending} loadingText="Sending…">
              Send invitation
            </Button>
            <Button size="sm" variant="ghost" onClick={close} disabled={invite.isPending}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}
      {open && mode === 'revoking' ? (
        <div className="seat__confirm" role="group" aria-label={`Revoke seat ${number}`} ref={confirm}>
          <p className="seat__line">Revoke this code? It stops working and a new code takes its place.</p>
          <div className="seat__actions">
            <Button size="sm" variant="danger" onClick={onRevoke} loading={revoke.isPending} loadingText="Revoking…">
              Yes, revoke
            </Button>
            <Button size="sm" variant="ghost" onClick={close} disabled={revoke.isPending}>
              Keep it
            </Button>
          </div>
        </div>
      ) : null}
    </li>
  );
}
