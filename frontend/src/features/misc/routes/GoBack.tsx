import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Spinner } from '@/components/Spinner';
import { safeRedirect } from '@/lib/auth/redirect';
import { setStoredRedirect } from '@/lib/storage';

/** Only absolute http(s) URLs or same-site paths may be followed. */
export function safeGoBackUrl(raw: string | null): string | null {
  if (!raw) return null;
  if (safeRedirect(raw)) return raw;
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** /goback?goback=<url>&redirect=<path>: store the redirect, then leave for the provider. */
export default function GoBackRoute() {
  const [params] = useSearchParams();
  const goback = safeGoBackUrl(params.get('goback'));
  const redirect = safeRedirect(params.get('redirect'));

  useEffect(() => {
    if (redirect) setStoredRedirect(redirect);
    if (goback) window.location.assign(goback);
  }, [goback, redirect]);

  if (!goback) {
    return (
      <div className="page page--narrow page--center">
        <h1 className="page__title">Nothing to go back to</h1>
        <Link to="/">Go to the home page</Link>
      </div>
    );
  }
  return (
    <div className="page page--narrow page--center">
      <Spinner label="Redirecting you." />
    </div>
  );
}
