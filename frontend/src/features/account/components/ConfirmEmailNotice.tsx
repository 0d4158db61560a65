import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { errorMessage } from '@/lib/api/client';
import { useResendVerification } from '../api/resend-verification';

/**
 * Shown while the member's address is not confirmed (Security III §2): what waits for it, and a
 * new link when the first one is lost or expired.
 */
export function ConfirmEmailNotice({ email }: { email: string }) {
  const resend = useResendVerification();
  return (
    <section className="card account__confirm" aria-labelledby="confirm-email-title">
      <h2 id="confirm-email-title" className="card__title">
        Confirm your e-mail address
      </h2>
      <p>
        We sent a link to <strong>{email}</strong>. Until you open it you can read the free summaries; buying, receiving gifts and signing in with Google,
        Apple, LinkedIn or Facebook wait for it.
      </p>
      {resend.isSuccess ? (
        <Alert tone="success">We sent a new link to {email}. It works for 24 hours.</Alert>
      ) : resend.error ? (
        <Alert tone="error">{errorMessage(resend.error)}</Alert>
      ) : null}
      <Button type="button" variant="secondary" onClick={() => resend.mutate()} loading={resend.isPending} loadingText="Sending…">
        Send a new link
      </Button>
    </section>
  );
}
