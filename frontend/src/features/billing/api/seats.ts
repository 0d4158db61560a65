import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { SeatsResult } from '@/lib/api/types';
import type { SeatResult } from './types';
import { seatKeys } from '@/lib/billing/seats-api';

export { useSeats } from '@/lib/billing/seats-api';

/** POST /api/teams/seats/{id}/invite {email}: e-mails the seat's code to a colleague. */
export function inviteToSeat(id: number, email: string): Promise<SeatResult> {
  return api.post('/api/teams/seats/{id}/invite', { params: { path: { id } }, body: { email } });
}

/** POST /api/teams/seats/{id}/revoke: a seat nobody redeemed; a new code replaces it. Answers the seats. */
export function revokeSeat(id: number): Promise<SeatsResult> {
  return api.post('/api/teams/seats/{id}/revoke', { params: { path: { id } } });
}

export function useInviteToSeat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['teams', 'invite'],
    mutationFn: ({ id, email }: { id: number; email: string }) => inviteToSeat(id, email),
    onSuccess: ({ seat }) => {
      queryClient.setQueryData<SeatsResult>(seatKeys.seats(), (current) => current && { seats: current.seats.map((s) => (s.id === seat.id ? seat : s)) });
    },
  });
}

export function useRevokeSeat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['teams', 'revoke'],
    mutationFn: revokeSeat,
    onSuccess: (result) => {
      queryClient.setQueryData(seatKeys.seats(), result);
      void queryClient.invalidateQueries({ queryKey: seatKeys.seats() });
    },
  });
}
