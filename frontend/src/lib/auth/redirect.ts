import { useLocation } from 'react-router';
/** A same-site path: starts with "/" but not "//" (nor "/\"), no scheme. */
export function safeRedirect(target: string | null | undefined): string | null {
  if (!target) return null;
  const value = target.trim();
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/** Append `?redirect=` (kept from the current page) to a path. */
export function withRedirect(path: string, redirect: string | null | undefined): string {
  const safe = safeRedirect(redirect);
  return safe ? `${path}?redirect=${encodeURIComponent(safe)}` : path;
}

/** The sign-in and sign-up pages: from them, "Log in" keeps the page they were asked to return to. */
const AUTH_PAGES = ['/login', '/signup', '/forgot-password', '/reset-password', '/verify-email', '/subscription-code'];

/** Pages that make no sense to come back to after signing in (signing out again). */
const NO_RETURN_PAGES = ['/', '/logout'];

/**
 * Where signing in or up from this page should come back to: the page itself (with its query, less
 * a sign-in `token`, which never travels in a redirect), nothing from the landing page nor from
 * /logout, and the `redirect` already asked for on a sign-in page. The one rule every "Log in",
 * "Sign up" and "Start your free trial" link follows, and where the shell sends a member whose
 * session is lost (`app/layout/RootLayout`), and a page's `SignInRedirect`.
 */
export function returnPathOf(pathname: string, search: string): string | null {
  if (NO_RETURN_PAGES.includes(pathname)) return null;
  if (AUTH_PAGES.some((page) => pathname === page || pathname.startsWith(`${page}/`))) {
    return safeRedirect(new URLSearchParams(search).get('redirect'));
  }
  const params = new URLSearchParams(search);
  if (!params.has('token')) return pathname + search;
  params.delete('token');
  const rest = params.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}

/** `/login?redirect=<the page>` (or `/signup?...`): sign in, then come back to `location` (`returnPathOf`). */
export function signInPath(location: { pathname: string; search: string }, signIn: 'signup' | 'login' = 'login'): string {
  return withRedirect(`/${signIn}`, returnPathOf(location.pathname, location.search));
}

/** `returnPathOf` the current page. */
export function useReturnPath(): string | null {
  const { pathname, search } = useLocation();
  return returnPathOf(pathname, search);
}

export function browserTimezone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
