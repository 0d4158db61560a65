import { Link, useParams } from 'react-router';
import { Alert } from '@/components/Alert';
import { AuthCard } from '@/components/AuthCard';
import { Button } from '@/components/Button';
import { useDocumentTitle } from '@/components/use-document-title';
import { errorMessage } from '@/lib/api/client';
import { useIsAuthenticated } from '@/lib/auth/use-auth';
import { withRedirect } from '@/lib/auth/redirect';
import { useVerifyEmail } from '../api/verify-email';

/**
 * /verify-email/:code, the link of the sign-up mail. The address is confirmed by a click, not by
 * opening the page, so a mail scanner that follows links confirms nothing.
 */
export default function VerifyEmailRoute() {
  const { code = '' } = useParams();
  const verify = useVerifyEmail();
  const signedIn = useIsAuthenticated();
  useDocumentTitle('Confirm your e-mail address');

  if (verify.isSuccess) {
    return (
      <AuthCard title="E-mail address confirmed">
        <Alert tone="success">Thank you: your e-mail address is confirmed.</Alert>
        <p className="auth-card__cta">
          <Link className="btn btn--primary btn--lg btn--block" to={signedIn ? '/home' : '/login'}>
            {signedIn ? 'Go to your books' : 'Log in'}
          </Link>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Confirm your e-mail address">
      {verify.error ? <Alert tone="error">{errorMessage(verify.error)}</Alert> : null}
      <p>One click and your Gistbook account can buy, receive gifts and sign in with Google, Apple, LinkedIn or Facebook.</p>
      <Button type="button" size="lg" block onClick={() => verify.mutate({ code })} loading={verify.isPending} loadingText="Confirming…">
        Confirm my e-mail address
      </Button>
      {verify.error ? (
        <p className="auth-card__cta">
          <Link to={signedIn ? '/account' : withRedirect('/login', '/account')}>{signedIn ? 'Ask for a new link' : 'Log in to ask for a new link'}</Link>
        </p>
      ) : null}
    </AuthCard>
  );
}
