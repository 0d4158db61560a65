import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** GET /api/goals: the goals books serve (the /books goal filter). */
export function useGoals() {
  return useQuery({
    queryKey: ['goals'] as const,
    queryFn: ({ signal }) => api.get('/api/goals', { signal }).then((result) => result.goals),
    staleTime: 5 * 60_000,
  });
}

/** `?goal=` as a goal id (a positive whole number), or undefined. */
export function parseGoal(value: string | null): number | undefined {
  if (!value || !/^\d+$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 ? id : undefined;
}
