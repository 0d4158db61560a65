import { Link } from 'react-router';
import { Alert } from '@/components/Alert';
import { AuthCard } from '@/components/AuthCard';
import { useDocumentTitle } from '@/components/use-document-title';
import { providerName } from '../api/oauth';
import type { MailedLink } from './use-provider-callback';

/**
 * A provider sign-in whose address the provider did not vouch for (Facebook never does): the
 * server mailed a link to it, which finishes the sign-in in this browser.
 */
export function SignInLinkSent({ mailed }: { mailed: MailedLink }) {
  const name = providerName(mailed.provider);
  useDocumentTitle('Check your e-mail');
  return (
    <AuthCard
      title="Check your e-mail"
      footer={
        <p>
          No mail after a few minutes? Look in your spam folder, or <Link to="/login">sign in another way</Link>.
        </p>
      }
    >
      <Alert tone="info">
        {name} did not confirm your e-mail address to us, so we sent a link to <strong>{mailed.email}</strong>.
      </Alert>
      <p>Open it in this browser within an hour to finish signing in with {name}.</p>
    </AuthCard>
  );
}
