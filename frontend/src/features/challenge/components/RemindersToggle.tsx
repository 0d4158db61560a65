import { useId, useState, type ChangeEvent } from 'react';
import { Alert } from '@/components/Alert';
import { errorMessage } from '@/lib/api/client';
import { useSetReminders } from '../api/set-reminders';
import { REMINDERS_HINT, REMINDERS_LABEL, REMINDERS_OFF_MESSAGE, REMINDERS_ON_MESSAGE } from '../constants';

/**
 * The saved plan's daily reminder mails: a tick box showing `reminders` (GET /api/goals), turned on
 * or off at once; the server's answer is said in a polite status line, a refusal in an alert (and
 * the box goes back).
 */
export function RemindersToggle({ reminders }: { reminders: boolean }) {
  const id = useId();
  const change = useSetReminders();
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  // What the member just set, shown at once: the cached goals follow a moment later (the change
  // first waits for any GET /api/goals on its way), and a controlled box would snap back meanwhile.
  const [chosen, setChosen] = useState<boolean | null>(null);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.target.checked;
    setChosen(next);
    setStatus('');
    setError(null);
    change.mutate(
      { reminders: next },
      {
        onSuccess: (result) => setStatus(result.reminders ? REMINDERS_ON_MESSAGE : REMINDERS_OFF_MESSAGE),
        onError: (failure) => setError(errorMessage(failure)),
        onSettled: () => setChosen(null),
      },
    );
  };

  return (
    <div className="challenge-reminders">
      <div className="challenge-reminders__row">
        <input
          id={`${id}-box`}
          type="checkbox"
          className="challenge-reminders__box"
          checked={chosen ?? reminders}
          onChange={onChange}
          aria-describedby={`${id}-hint`}
        />
        <label htmlFor={`${id}-box`} className="challenge-reminders__label">
          {REMINDERS_LABEL}
        </label>
      </div>
      <p id={`${id}-hint`} className="challenge-reminders__hint">
        {REMINDERS_HINT}
      </p>
      {/* Always there, so that what it comes to say is announced. */}
      <p className="challenge-reminders__status" role="status">
        {status}
      </p>
      {error ? <Alert tone="error">{error}</Alert> : null}
    </div>
  );
}
