import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { TextField } from '@/components/Field';
import { errorMessage } from '@/lib/api/client';
import type { AuthResponse, RegisterRequest } from '@/lib/api/types';
import { browserTimezone } from '@/lib/auth/redirect';
import { getReferralId } from '@/lib/storage';
import { useSignUp } from '../api/sign-up';
import { MESSAGES, SECRET_LOGIN, SECRET_SIGNUP } from '../constants';

export const SIGNUP_TITLE = 'Keep your plan: create your free account';

interface SignupFormProps {
  /** Signed up: the page stores the token and carries the choices over. */
  onSignedUp: (result: AuthResponse) => void;
  /** The choices are being carried over (the button keeps spinning). */
  busy: boolean;
}

/**
 * The sign-up form of /secret, as on /signup: first and last name, e-mail, password (the four
 * required), POST /api/user/register with the browser's time zone and the referral link, if any.
 * Google and Apple are on the sign-up page, which comes back here; so does logging in.
 */
export function SignupForm({ onSignedUp, busy }: SignupFormProps) {
  const signUp = useSignUp();
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const id = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signUp.isPending || busy) return;
    if (!email.trim() || !password || !firstName.trim() || !lastName.trim()) {
      setMessage(MESSAGES.signupRequired);
      return;
    }
    setMessage(null);
    const body: RegisterRequest = {
      username: email.trim(),
      password,
      firstName: firstName.trim(),
      lastName: lastName.trim(),
      timezone: browserTimezone(),
    };
    const rId = getReferralId();
    if (rId) body.rId = rId;
    signUp.mutate(body, {
      onSuccess: onSignedUp,
      onError: (error) => setMessage(errorMessage(error)),
    });
  };

  return (
    <section className="card onboarding-signup" id="onboarding-signup" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="onboarding-signup__title">
        {SIGNUP_TITLE}
      </h2>
      <p className="onboarding-step__text">Your plan, your goals and your subjects go into your account. Three summaries are free; no credit card needed.</p>
      {message ? <Alert tone="warning">{message}</Alert> : null}
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
        <Button type="submit" size="lg" block loading={signUp.isPending || busy} loadingText="Creating your account…">
          Sign up
        </Button>
        <p className="form__fineprint">
          By signing up you agree to our <Link to="/terms">Terms</Link> and <Link to="/privacy">Privacy Policy</Link>.
        </p>
      </form>
      <ul className="onboarding-signup__other">
        <li>
          <Link to={SECRET_SIGNUP}>Sign up with Google or Apple</Link>
        </li>
        <li>
          Already have an account? <Link to={SECRET_LOGIN}>Log in to save your plan</Link>
        </li>
      </ul>
    </section>
  );
}
