import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/Button';
import { TextField } from '@/components/form/Field';
import { errorMessage } from '@/lib/api/client';
import { useSaveReviewSettings } from '../api/save-settings';

/**
 * "New cards a day" (0-100). The server judges the number and its message is shown as it is; the
 * field's own constraints are not enforced first (`noValidate`), so the member reads one rule, the
 * server's. What is not a whole number is sent as null, which the server refuses with that rule.
 */
export function ReviewSettingsForm({ newPerDay }: { newPerDay: number | undefined }) {
  const save = useSaveReviewSettings();
  // null until the member edits the field: it shows the server's value.
  const [draft, setDraft] = useState<string | null>(null);
  const headingId = useId();
  const errorId = useId();
  const value = draft ?? (newPerDay === undefined ? '' : String(newPerDay));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = value.trim();
    save.mutate(/^\d+$/.test(text) ? Number(text) : null, { onSuccess: () => setDraft(null) });
  };

  return (
    <section className="review-settings" aria-labelledby={headingId}>
      <h2 id={headingId} className="review-settings__title">
        Settings
      </h2>
      <form className="review-settings__form" noValidate onSubmit={submit}>
        <TextField
          label="New cards a day"
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          step={1}
          value={value}
          invalid={save.isError}
          errorId={errorId}
          hint="0 to 100. Cards you reviewed before come back when due, whatever this says."
          onChange={(e) => {
            setDraft(e.target.value);
            if (save.isSuccess || save.isError) save.reset();
          }}
        />
        <Button type="submit" size="sm" variant="secondary" loading={save.isPending}>
          Save
        </Button>
      </form>
      {save.isError ? (
        <p id={errorId} className="review-settings__error" role="alert">
          {errorMessage(save.error)}
        </p>
      ) : null}
      <p className="review-settings__saved" role="status">
        {save.isSuccess ? 'Saved.' : ''}
      </p>
    </section>
  );
}
