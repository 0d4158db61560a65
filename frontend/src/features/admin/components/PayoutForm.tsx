import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { errorMessage } from '@/lib/api/client';
import type { AdminAffiliate } from '../api/types';
import { dollarsToCents, useRecordPayout } from '../api/affiliates';
import { money } from '../format';

/** The server's answer to a payout of nothing (docs/referral.md), said here first. */
export const AMOUNT_MESSAGE = 'Please enter an amount above zero.';

/**
 * 'Record payout' for an approved affiliate: opens a small form (the amount in dollars, a note)
 * that records a payout made outside the app (POST .../payouts, in cents). The server's refusal
 * (more than the balance, not approved) shows in a warning; once recorded the row shows the new
 * figures and the form closes, saying what was recorded.
 */
export function PayoutForm({ affiliate, who }: { affiliate: AdminAffiliate; who: string }) {
  const record = useRecordPayout();
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [recorded, setRecorded] = useState<string | null>(null);
  const id = useId();
  const ids = { toggle: `${id}-toggle`, form: `${id}-form`, amount: `${id}-amount`, note: `${id}-note`, alert: `${id}-alert` };

  const close = () => {
    setOpen(false);
    setProblem(null);
    document.getElementById(ids.toggle)?.focus();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (record.isPending) return;
    const amountCents = dollarsToCents(amount);
    if (!amountCents) {
      setProblem(AMOUNT_MESSAGE);
      document.getElementById(ids.amount)?.focus();
      return;
    }
    setProblem(null);
    record.mutate(
      { userId: affiliate.userId, amountCents, note: note.trim() },
      {
        onSuccess: () => {
          setRecorded(`Payout of ${money(amountCents)} recorded.`);
          setAmount('');
          setNote('');
          close();
        },
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  };

  return (
    <div className="payout">
      <Button
        id={ids.toggle}
        variant="ghost"
        size="sm"
        aria-expanded={open}
        aria-controls={open ? ids.form : undefined}
        onClick={() => {
          setRecorded(null);
          if (open) close();
          else setOpen(true);
        }}
      >
        Record payout <span className="visually-hidden">for {who}</span>
      </Button>
      <p className="payout__done" role="status" aria-live="polite">
        {recorded}
      </p>
      {open ? (
        <form id={ids.form} className="payout__form" aria-label={`Payout to ${who}`} onSubmit={onSubmit} noValidate>
          {problem ? (
            <Alert tone="warning" id={ids.alert}>
              {problem}
            </Alert>
          ) : null}
          <div className="payout__field">
            <label htmlFor={ids.amount}>Amount in dollars</label>
            <input
              id={ids.amount}
              className="input payout__amount"
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.00"
              required
              autoFocus
              aria-invalid={problem === AMOUNT_MESSAGE || undefined}
              aria-describedby={problem ? ids.alert : `${ids.amount}-hint`}
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
            />
            <span className="payout__hint" id={`${ids.amount}-hint`}>
              Balance {money(affiliate.balanceCents)}
            </span>
          </div>
          <div className="payout__field">
            <label htmlFor={ids.note}>Note</label>
            <input id={ids.note} className="input" name="note" autoComplete="off" value={note} onChange={(event) => setNote(event.target.value)} />
          </div>
          <div className="payout__actions">
            <Button type="submit" size="sm" loading={record.isPending} loadingText="Saving…">
              Save payout
            </Button>
            <Button variant="ghost" size="sm" onClick={close}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
