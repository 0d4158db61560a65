import { isPaidCookie } from '@/lib/storage';
import { useSession } from './session-api';
import { useIsAuthenticated } from './use-auth';

/**
 * Whether the viewer may read every premium book: a signed-in member with Premium. Visitors and
 * free members may not. The session's `isPaid` decides; until it arrives, the `isPaid` cookie
 * (a hint the server sets) stands in, so that a paying member's lists do not flash locks.
 *
 * Visitors (and a page's first render, which hydrates the prerendered visitor page) get `false`.
 */
export function useViewerHasPremium(): boolean {
  const signedIn = useIsAuthenticated();
  const session = useSession({ enabled: signedIn });
  if (!signedIn) return false;
  return session.data ? session.data.user.isPaid : isPaidCookie();
}
