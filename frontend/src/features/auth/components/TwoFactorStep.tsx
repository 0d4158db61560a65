import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/Alert';
import { AuthCard } from '@/components/AuthCard';
import { Button } from '@/components/Button';
import { OneTimeCodeField } from '@/components/OneTimeCodeField';
import { useFormAlert } from '@/components/form/use-form-status';
import { ApiError, errorMessage } from '@/lib/api/client';
import { CHALLENGE_EXPIRED_CODE, useLoginTwoFactor } from '../api/login-two-factor';
import { useCompleteSignIn } from './use-complete-sign-in';
import type { PendingSecondStep } from './use-two-factor-step';

export const TWO_FACTOR_TITLE = 'Two-factor sign-in';
export const CODE_LABEL = 'Authentication code';
export const CODE_HINT = 'Open your authenticator app, or enter one of your recovery codes.';
export const CODE_REQUIRED_MESSAGE = 'Please enter the code from your authenticator app or a recovery code.';

const CODE_ID = 'two-factor-code';

/**
 * The second step of a sign-in with two-factor on: a code from the authenticator app or a recovery
 * code (so the field takes letters too). On success it finishes the sign-in like the first step
 * would have; an expired challenge hands back to the first step with the server's message.
 */
export function TwoFactorStep({ step, onBack, onExpired }: { step: PendingSecondStep; onBack: () => void; onExpired: (message: string) => void }) {
  const verify = useLoginTwoFactor();
  const complete = useCompleteSignIn();
  const [code, setCode] = useState('');
  const { message, showError, clearError } = useFormAlert();
  const errorId = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    clearError();
    const trimmed = code.trim();
    if (!trimmed) {
      showError(CODE_REQUIRED_MESSAGE);
      return;
    }
    verify.mutate(
      { challenge: step.challenge, code: trimmed },
      {
        onSuccess: (result) => void complete(result, step.options),
        onError: (error) => {
          if (error instanceof ApiError && error.code === CHALLENGE_EXPIRED_CODE) onExpired(errorMessage(error));
          else showError(errorMessage(error));
        },
      },
    );
  };

  return (
    <AuthCard title={TWO_FACTOR_TITLE} subtitle="Your account asks for a second step to sign in.">
      {message ? (
        <Alert tone="warning" id={errorId}>
          {message}
        </Alert>
      ) : null}
      <form className="form" onSubmit={onSubmit} noValidate>
        <OneTimeCodeField
          id={CODE_ID}
          label={CODE_LABEL}
          name="code"
          acceptsRecoveryCode
          maxLength={64}
          // The step replaces the form just submitted: continue where the eyes and keyboard are.
          autoFocus
          hint={CODE_HINT}
          aria-describedby={message ? `${CODE_ID}-hint ${errorId}` : `${CODE_ID}-hint`}
          aria-invalid={message ? true : undefined}
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        <Button type="submit" size="lg" block loading={verify.isPending} loadingText="Verifying…">
          Verify
        </Button>
        <Button variant="ghost" block onClick={onBack} disabled={verify.isPending}>
          Back to sign in
        </Button>
      </form>
    </AuthCard>
  );
}
