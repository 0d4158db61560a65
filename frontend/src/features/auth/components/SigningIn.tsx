import { Spinner } from '@/components/Spinner';

/** Shown while a provider's callback code is exchanged for a session. */
export function SigningIn() {
  return (
    <div className="page page--narrow page--center">
      <Spinner label="Signing you in…" />
    </div>
  );
}
