import { Link } from 'react-router';
import { AuthCard } from '@/components/AuthCard';
import { useDocumentTitle } from '@/components/use-document-title';
import { RedeemDone } from '../components/RedeemDone';
import { RedeemForm } from '../components/RedeemForm';
import '../account.css';

export const STACKSOCIAL_SUCCESS_MESSAGE = 'Your StackSocial code has been activated successfully';

/** /stacksocial (signed in): redeem a StackSocial lifetime deal code (member spec §2, Redeem code). */
export default function StackSocialRoute() {
  useDocumentTitle('Redeem your StackSocial code');
  return (
    <AuthCard
      title="Redeem your code"
      subtitle="Bought Gistbook Premium on StackSocial? Enter the code from your purchase to activate it on this account."
      footer={
        <p>
          <Link to="/account">Back to your account</Link>
        </p>
      }
    >
      <RedeemForm
        kind="stacksocial"
        label="Redemption code"
        hint="StackSocial codes only. A gift card or team code goes in Redeem a code on your account page."
        success={() => (
          <RedeemDone>
            <p>{STACKSOCIAL_SUCCESS_MESSAGE}</p>
            <Link className="btn btn--primary btn--md" to="/account">
              Go to Your Account
            </Link>
          </RedeemDone>
        )}
      />
    </AuthCard>
  );
}
