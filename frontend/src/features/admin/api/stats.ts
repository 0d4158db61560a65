import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, queryString } from '@/lib/api/client';
import { adminKeys } from './keys';

/** GET /api/admin/stats?from=&to= (UTC days, both included). */
export function useStats(from: string, to: string) {
  return useQuery({
    queryKey: adminKeys.stats(from, to),
    queryFn: ({ signal }) => api.get('/api/admin/stats', { params: { query: { from, to } }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The CSV's address (the same range as the page); `useCsvDownload` (./download-csv) fetches it with the token. */
export function statsCsvPath(from: string, to: string): string {
  return `/api/admin/stats.csv?${queryString({ from, to })}`;
}

export function csvFileName(from: string, to: string): string {
  return `gistbook-stats-${from}-to-${to}.csv`;
}
