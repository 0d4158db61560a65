import { withRedirect } from '@/lib/auth/redirect';

/** What an affiliate earns of every Premium purchase through their link (docs/referral.md). */
export const COMMISSION = '10%';

/** The application (and, once applied, the affiliate's own page). */
export const INVITE_PAGE = '/invite';

/** Signed out on /invite: log in or sign up, and come back here (the auth pages' `redirect`). */
export const INVITE_LOGIN = withRedirect('/login', INVITE_PAGE);
export const INVITE_SIGNUP = withRedirect('/signup', INVITE_PAGE);
