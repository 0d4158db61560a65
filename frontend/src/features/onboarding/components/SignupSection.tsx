import { useId } from 'react';
import { Link } from 'react-router';
import type { AuthResponse } from '@/lib/api/types';
import { SignupForm } from '@/lib/auth/signup-form';
import { SECRET_LOGIN, SECRET_SIGNUP } from '../constants';

export const SIGNUP_TITLE = 'Keep your plan: create your free account';

interface SignupSectionProps {
  /** Signed up: the page stores the token and carries the choices over. */
  onSignedUp: (result: AuthResponse) => void;
  /** The choices are being carried over (the button keeps spinning). */
  busy: boolean;
}

/**
 * The sign-up of /secret: the sign-up page's form (its messages above it, not scrolled to) under
 * what the account keeps. Google and Apple are on the sign-up page, which comes back here; so
 * does logging in.
 */
export function SignupSection({ onSignedUp, busy }: SignupSectionProps) {
  const id = useId();
  return (
    <section className="card onboarding-signup" id="onboarding-signup" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="onboarding-signup__title">
        {SIGNUP_TITLE}
      </h2>
      <p className="onboarding-step__text">Your plan, your goals and your subjects go into your account. Three summaries are free; no credit card needed.</p>
      <SignupForm onSignedUp={onSignedUp} busy={busy} />
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
