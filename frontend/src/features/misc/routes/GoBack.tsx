import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Spinner } from '@/components/Spinner';
import { safeRedirect } from '@/lib/auth/redirect';
import { setStoredRedirect } from '@/lib/storage';
import { useSignInOrigins } from '../api/get-sign-in-origins';

/**
 * Where /goback may send the browser: a same-site path, or a page of a configured sign-in
 * provider (its origin is in `origins`). Anything else (another site, `javascript:`) is refused,
 * so the page cannot be used to send people to a lookalike site.
 */
export function safeGoBackUrl(raw: string | null, origins: readonly string[]): string | null {
  if (!raw) return null;
  if (safeRedirect(raw)) return raw;
  try {
    const url = new URL(raw);
    const web = url.protocol === 'https:' || url.protocol === 'http:';
    return web && origins.includes(url.origin) ? url.toString() : null;
  } catch {
    return null;
  }
}

/** /goback?goback=<url>&redirect=<path>: store the redirect, then leave for the provider. */
export default function GoBackRoute() {
  const [params] = useSearchParams();
  const origins = useSignInOrigins();
  const raw = params.get('goback');
  const goback = safeGoBackUrl(raw, origins.data?.origins ?? []);
  const redirect = safeRedirect(params.get('redirect'));
  const deciding = !goback && !!raw && origins.isPending;

  useEffect(() => {
    if (redirect) setStoredRedirect(redirect);
    if (goback) window.location.assign(goback);
  }, [goback, redirect]);

  if (deciding || goback) {
    return (
      <div className="page page--narrow page--center">
        <Spinner label="Redirecting you." />
      </div>
    );
  }
  return (
    <div className="page page--narrow page--center">
      <h1 className="page__title">Nothing to go back to</h1>
      <Link to="/">Go to the home page</Link>
    </div>
  );
}
