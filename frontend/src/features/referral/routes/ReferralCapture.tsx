import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useDocumentTitle } from '@/components/use-document-title';
import { setReferralId } from '@/lib/storage';

/** Member spec §9: the referral redirect waits 10 ms. */
export const REFERRAL_REDIRECT_MS = 10;
export const REDIRECTING = 'Redirecting you.';

/**
 * /r/{id} (member spec, Referral capture): keeps the referral id in local storage (`rId`, sent
 * with sign-up and every checkout; an id that is not 4 to 32 of A-Z, a-z, 0-9, _ and - is ignored),
 * says 'Redirecting you.' and goes on to / after 10 ms, replacing this address in the history.
 */
export default function ReferralCaptureRoute() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  useDocumentTitle(REDIRECTING);

  useEffect(() => {
    setReferralId(id);
    const timer = window.setTimeout(() => void navigate('/', { replace: true }), REFERRAL_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [id, navigate]);

  return (
    <div className="page page--center">
      <h1 className="page__title">{REDIRECTING}</h1>
    </div>
  );
}
