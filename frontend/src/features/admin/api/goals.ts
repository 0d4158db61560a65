import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { AdminGoalRequest, AdminGoalView, GoalUploadResult } from './types';
import { afterContentChange, isId } from './content';
import { adminKeys } from './keys';
import { uploadTo, type UploadOptions } from './upload';

export const GOAL_ADDED = 'Goal was added.';
export const GOAL_EDITED = 'Goal was edited.';

/** GET /api/admin/goals/ (also the options of the book form's goals). */
export function useGoals(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: adminKeys.contentList('goals'),
    queryFn: ({ signal }) => api.get('/api/admin/goals/', { signal }).then((result) => result.goals),
    enabled: options.enabled ?? true,
  });
}

/** GET /api/admin/goals/{id} */
export function useGoal(id: number) {
  return useQuery({
    queryKey: adminKeys.contentItem('goals', id),
    queryFn: ({ signal }) => api.get('/api/admin/goals/{id}', { params: { path: { id } }, signal }).then((result) => result.goal),
    enabled: isId(id),
  });
}

/** POST /api/admin/goals/ ('Goal was added.') */
export function useAddGoal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminGoalRequest) => api.post('/api/admin/goals/', { body }).then((result) => result.goal),
    onSuccess: (goal: AdminGoalView) => afterContentChange(queryClient, 'goals', goal),
  });
}

/** PUT /api/admin/goals/{id} ('Goal was edited.') */
export function useUpdateGoal(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminGoalRequest) => api.put('/api/admin/goals/{id}', { params: { path: { id } }, body }).then((result) => result.goal),
    onSuccess: (goal: AdminGoalView) => afterContentChange(queryClient, 'goals', goal),
  });
}

/** `photo`: the goal's photo; `featured`: its featured photo (`photov2`, uploaded to `feature-photo`). */
export type GoalSlot = 'photo' | 'featured';

/** Multipart POST /api/admin/goals/photo/{id} or /api/admin/goals/feature-photo/{id} ('The photo was uploaded.'). */
export function uploadGoalPhoto(slot: GoalSlot, id: number, file: File, options: UploadOptions = {}): Promise<GoalUploadResult> {
  return uploadTo<GoalUploadResult>(`/api/admin/goals/${slot === 'featured' ? 'feature-photo' : 'photo'}/${id}`, file, options);
}
