import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import { clearOfflineData } from '@/lib/offline/clear';
import { clearToken, getToken } from '@/lib/storage';
import { logout } from '../api/logout';

/** How long the page waits for the logout call's answer (ignored anyway) before going home. */
const LOGOUT_ANSWER_WAIT_MS = 3000;

/**
 * Clears the token and its date, calls the logout endpoint and removes what this device kept for
 * offline reading (the member's saved books, queued saves: `lib/offline/clear.ts`), then goes to /
 * whatever the result. "Sign out everywhere" ends here too.
 */
export default function LogoutRoute() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);
  useDocumentTitle('Logging out');

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = getToken();
    clearToken();
    queryClient.clear();
    void (async () => {
      // This device's offline data first, and whatever the server answers.
      await clearOfflineData();
      // A slow or unreachable server does not keep the member waiting, and a failed call is not
      // shown: this device holds no token any more whatever the answer (the server's session
      // then ends by its own expiry; docs/offline.md).
      await Promise.race([logout(token).catch(() => undefined), new Promise((resolve) => setTimeout(resolve, LOGOUT_ANSWER_WAIT_MS))]);
      queryClient.clear();
      void navigate('/', { replace: true });
    })();
  }, [navigate, queryClient]);

  return (
    <div className="page page--narrow page--center">
      <Spinner label="Logging you out." />
    </div>
  );
}
