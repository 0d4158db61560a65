import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, apiBaseUrl, api, queryString, resumeSession } from '@/lib/api/client';
import { getToken } from '@/lib/storage';
import { adminKeys } from './keys';

/** GET /api/admin/stats?from=&to= (UTC days, both included). */
export function useStats(from: string, to: string) {
  return useQuery({
    queryKey: adminKeys.stats(from, to),
    queryFn: ({ signal }) => api.get('/api/admin/stats', { params: { query: { from, to } }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The CSV's address (the same range as the page). */
export function statsCsvPath(from: string, to: string): string {
  return `/api/admin/stats.csv?${queryString({ from, to })}`;
}

export function csvFileName(from: string, to: string): string {
  return `gistbook-stats-${from}-to-${to}.csv`;
}

function fetchCsv(path: string): Promise<Response> {
  const token = getToken();
  return fetch(`${apiBaseUrl()}${path}`, {
    headers: { Accept: 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    credentials: 'include',
  });
}

/**
 * GET /api/admin/stats.csv with the bearer token (a plain link could not send it), saved as a
 * file through a temporary object URL. An expired token is refreshed once.
 */
export async function downloadStatsCsv(from: string, to: string): Promise<void> {
  const path = statsCsvPath(from, to);
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
  link.download = csvFileName(from, to);
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(href), 1000);
}
