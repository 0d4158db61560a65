import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { SeatsResult } from '@/lib/api/types';

/**
 * GET /api/teams/seats: the seats of the member's team purchases. Shared (lib, not a feature)
 * because the team page and the account page (its link to the team page) both read it.
 */
export function getSeats(options?: { signal?: AbortSignal }): Promise<SeatsResult> {
  return api.get('/api/teams/seats', { signal: options?.signal });
}

export const seatKeys = {
  all: ['teams'] as const,
  seats: () => [...seatKeys.all, 'seats'] as const,
};

export const seatsQueryOptions = () => queryOptions({ queryKey: seatKeys.seats(), queryFn: ({ signal }) => getSeats({ signal }) });

export function useSeats(options: { enabled?: boolean } = {}) {
  return useQuery({ ...seatsQueryOptions(), enabled: options.enabled ?? true });
}
