import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/Button';
import { TextField } from '@/components/form/Field';
import { FormAlert } from '@/components/form/FormAlert';
import { useFormStatus } from '@/components/form/use-form-status';
import { isBlank } from '@/components/form/validation';
import { errorMessage } from '@/lib/api/client';
import type { AuthResponse, RegisterRequest } from '@/lib/api/types';
import { getReferralId } from '@/lib/storage';
import { browserTimezone } from './redirect';
import { useRegister } from './register-api';

export const SIGNUP_REQUIRED_MESSAGE = 'Please specify an email or password or first name or last name.';

/** Where the form's messages go when the page shows them in an alert of its own. */
export interface SignupMessages {
  showError: (message: string) => void;
  clearError: () => void;
}

export interface SignupFormProps {
  /** Signed up: what the page does next (store the token and go on). */
  onSignedUp: (result: AuthResponse) => void;
  /** The e-mail shown until the person types one (the address a guest just paid with). */
  defaultEmail?: string;
  /** The purchase to attach to the new account, read when the form is sent. */
  chargeId?: () => string | null;
  /** The page is still busy after sign-up (the button keeps spinning; nothing is sent again). */
  busy?: boolean;
  /**
   * The page's own alert, shared with its other ways in (Google, Apple...). Without it the form
   * shows its messages in a warning right above itself.
   */
  messages?: SignupMessages;
}

/**
 * The sign-up form of /signup and of onboarding's /secret: first and last name, e-mail and
 * password, the four required (one message for any missing), then POST /api/user/register with
 * the browser's time zone, the referral link's id and the purchase to attach, if any.
 */
export function SignupForm({ onSignedUp, defaultEmail = '', chargeId, busy = false, messages }: SignupFormProps) {
  const register = useRegister();
  const form = useFormStatus();
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  // Null until typed in: the default stands in for it.
  const [typedEmail, setEmail] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const showError = messages?.showError ?? form.fail;
  const clearError = messages?.clearError ?? form.clear;
  const email = typedEmail ?? defaultEmail;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (register.isPending || busy) return;
    if (isBlank(email) || !password || isBlank(firstName) || isBlank(lastName)) {
      showError(SIGNUP_REQUIRED_MESSAGE);
      return;
    }
    clearError();
    const body: RegisterRequest = {
      username: email.trim(),
      password,
      firstName: firstName.trim(),
      lastName: lastName.trim(),
      timezone: browserTimezone(),
    };
    const charge = chargeId?.();
    if (charge) body.chargeId = charge;
    const rId = getReferralId();
    if (rId) body.rId = rId;
    register.mutate(body, {
      onSuccess: (result) => onSignedUp(result),
      onError: (error) => showError(errorMessage(error)),
    });
  };

  return (
    <>
      {messages ? null : <FormAlert status={form.status} id={form.alertId} />}
      <form className="form" onSubmit={onSubmit} noValidate>
        <div className="form__row">
          <TextField label="First name" name="firstName" autoComplete="given-name" value={firstName} onChange={(e) => setFirstName(e.target.value)} />
          <TextField label="Last name" name="lastName" autoComplete="family-name" value={lastName} onChange={(e) => setLastName(e.target.value)} />
        </div>
        <TextField label="Email" name="email" type="email" autoComplete="email" inputMode="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Button type="submit" size="lg" block loading={register.isPending || busy} loadingText="Creating your account…">
          Sign up
        </Button>
        <p className="form__fineprint">
          By signing up you agree to our <Link to="/terms">Terms</Link> and <Link to="/privacy">Privacy Policy</Link>.
        </p>
      </form>
    </>
  );
}
