import { useCallback, useRef, useState } from 'react';
import { ApiError, apiBaseUrl, errorMessage, resumeSession } from '@/lib/api/client';
import { getToken } from '@/lib/storage';

function fetchCsv(path: string): Promise<Response> {
  const token = getToken();
  return fetch(`${apiBaseUrl()}${path}`, {
    headers: { Accept: 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    credentials: 'include',
  });
}

/**
 * GET a back-office CSV (`/api/admin/stats.csv?...`, `/api/admin/affiliates.csv`) with the bearer
 * token (a plain link could not send it), saved as `fileName` through a temporary object URL. An
 * expired token is refreshed once; a refusal throws ApiError with the server's text.
 */
export async function downloadCsv(path: string, fileName: string): Promise<void> {
  let response: Response;
  try {
    response = await fetchCsv(path);
    if (response.status === 401 && (await resumeSession())) response = await fetchCsv(path);
  } catch {
    throw new ApiError('There was an error processing your request.', { status: 0, code: 'network_error' });
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: string; code?: string } | null;
    throw new ApiError(body?.error || response.statusText || 'Server error.', { status: response.status, code: body?.code });
  }
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/** A 'Download CSV' control's state: busy while the file comes (a second click does nothing), the error when it did not. */
export function useCsvDownload() {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const busy = useRef(false);
  const download = useCallback((path: string, fileName: string) => {
    if (busy.current) return;
    busy.current = true;
    setState({ busy: true, error: null });
    const done = (error: string | null) => {
      busy.current = false;
      setState({ busy: false, error });
    };
    downloadCsv(path, fileName).then(
      () => done(null),
      (error: unknown) => done(errorMessage(error)),
    );
  }, []);
  return { ...state, download };
}
