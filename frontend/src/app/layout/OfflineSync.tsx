import { useEffect, useState } from 'react';
import { useSession } from '@/lib/auth/session-api';
import { useToken } from '@/lib/auth/use-auth';
import { lapseMessage } from '@/lib/offline/access';
import { offlineSupported, storedMember } from '@/lib/offline/member';
import { adoptMember, keepWorkerInformed, removeLapsed, sendQueued, stopResending } from '@/lib/offline/start';

/**
 * The app's offline housekeeping (docs/offline.md), loaded after the first route: tells the
 * service worker who is signed in, sends the position saves queued offline (now and whenever the
 * connection comes back), and removes saved premium books once Premium has ended: by the session's
 * answer online, by the end of the plan kept with them offline. Says so when it removed any.
 */
export function OfflineSync() {
  // Browsers that cannot keep books offline (and tests' DOM) have nothing to look after.
  const [supported] = useState(offlineSupported);
  const signedIn = useToken() !== null && supported;
  const session = useSession({ enabled: signedIn });
  const user = session.data?.user;
  const sessionFailed = session.isError;
  const [removed, setRemoved] = useState<string | null>(null);

  useEffect(() => (supported ? keepWorkerInformed() : undefined), [supported]);

  useEffect(() => {
    if (!supported) return;
    const onOnline = () => void sendQueued();
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('online', onOnline);
      stopResending();
    };
  }, [supported]);

  // Online: the session names the member and their plan.
  const memberId = user?.id;
  const isPaid = user?.isPaid;
  const endPaidDate = user?.endPaidDate ?? null;
  useEffect(() => {
    if (!supported || memberId === undefined || isPaid === undefined) return;
    let current = true;
    void (async () => {
      await adoptMember(memberId);
      const lapsed = await removeLapsed(memberId, { isPaid, endPaidDate });
      if (current && lapsed.length > 0) setRemoved(lapseMessage(lapsed.length));
      await sendQueued();
    })().catch((error: unknown) => console.error('Offline housekeeping failed', error));
    return () => {
      current = false;
    };
  }, [supported, memberId, isPaid, endPaidDate]);

  // Offline (or the session could not be asked): the member kept from the last online start.
  useEffect(() => {
    if (!signedIn || !sessionFailed) return;
    const kept = storedMember();
    if (kept === null) return;
    let current = true;
    removeLapsed(kept, null)
      .then((lapsed) => {
        if (current && lapsed.length > 0) setRemoved(lapseMessage(lapsed.length));
      })
      .catch((error: unknown) => console.error('Offline housekeeping failed', error));
    return () => {
      current = false;
    };
  }, [signedIn, sessionFailed]);

  // Its stylesheet is RootLayout's (a prerendered page links every stylesheet the page uses).
  if (!removed) return null;
  return (
    <div className="offline-sync__notice" role="status">
      <p className="offline-sync__text">{removed}</p>
      <button type="button" className="btn btn--secondary btn--sm" onClick={() => setRemoved(null)}>
        Dismiss
      </button>
    </div>
  );
}
