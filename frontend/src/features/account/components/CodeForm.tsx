import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/Alert';
import { Button, type ButtonVariant } from '@/components/Button';
import { OneTimeCodeField } from '@/components/OneTimeCodeField';

export const CODE_MISSING_MESSAGE = 'Please enter a code.';

interface CodeFormProps {
  label: string;
  hint: string;
  submitLabel: string;
  pendingLabel: string;
  variant?: ButtonVariant;
  pending: boolean;
  /** The server's answer to the last try, shown above the field and tied to it. */
  problem: string | null;
  onSubmit: (code: string) => void;
  onCancel?: () => void;
  autoFocus?: boolean;
  /** Where a recovery code is good too (not when turning two-factor on). */
  acceptsRecoveryCode?: boolean;
}

/** One code (from the authenticator app, or a recovery code where allowed) and a submit button. */
export function CodeForm({
  label,
  hint,
  submitLabel,
  pendingLabel,
  variant = 'primary',
  pending,
  problem,
  onSubmit,
  onCancel,
  autoFocus,
  acceptsRecoveryCode = false,
}: CodeFormProps) {
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const fieldId = useId();
  const errorId = useId();
  const message = missing ? CODE_MISSING_MESSAGE : problem;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = code.trim();
    setMissing(!trimmed);
    if (trimmed) onSubmit(trimmed);
  };

  return (
    <form className="form security__form" onSubmit={submit} noValidate>
      {message ? (
        <Alert tone="warning" id={errorId}>
          {message}
        </Alert>
      ) : null}
      <OneTimeCodeField
        id={fieldId}
        label={label}
        hint={hint}
        name="code"
        acceptsRecoveryCode={acceptsRecoveryCode}
        maxLength={64}
        autoFocus={autoFocus}
        aria-describedby={message ? `${fieldId}-hint ${errorId}` : `${fieldId}-hint`}
        aria-invalid={message ? true : undefined}
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <div className="security__actions">
        <Button type="submit" size="md" variant={variant} loading={pending} loadingText={pendingLabel}>
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="ghost" size="md" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
