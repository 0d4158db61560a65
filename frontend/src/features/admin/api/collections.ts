import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiBody } from '@/lib/api/client';
import type { AdminCollectionValues, AdminCollectionView } from './types';
import { afterContentChange, isId } from './content';
import { adminKeys } from './keys';

/** The spec's text when the list does not load (§8). */
export const COLLECTIONS_ERROR = 'Error loading collections.';
export const COLLECTION_ADDED = 'The collection was added.';
export const COLLECTION_UPDATED = 'The collection was updated.';

/*
 * The collection calls answer outside the envelope's `result`: `{status, results}` for the list,
 * `{status, collection}` for one (spec §7), hence `apiBody`.
 */

/** GET /admin/collections/list (reads `results`); any failure reads 'Error loading collections.'. */
export function useAdminCollections() {
  return useQuery({
    queryKey: adminKeys.contentList('collections'),
    queryFn: async ({ signal }) => {
      try {
        const body = await apiBody.get('/admin/collections/list', { signal });
        if (!Array.isArray(body?.results)) throw new Error(COLLECTIONS_ERROR);
        return body.results;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') throw error;
        // A refusal (403) still shows its own page.
        if (typeof error === 'object' && error !== null && (error as { status?: number }).status === 403) throw error;
        throw new Error(COLLECTIONS_ERROR, { cause: error });
      }
    },
  });
}

/** GET /admin/collections/detail/{id} (reads `collection`). */
export function useAdminCollection(id: number) {
  return useQuery({
    queryKey: adminKeys.contentItem('collections', id),
    queryFn: ({ signal }) => apiBody.get('/admin/collections/detail/{id}', { params: { path: { id } }, signal }).then((body) => body.collection),
    enabled: isId(id),
  });
}

/** POST /admin/collections/add with `{values}` (reads `collection`). */
export function useAddCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: AdminCollectionValues) => apiBody.post('/admin/collections/add', { body: { values } }).then((body) => body.collection),
    onSuccess: (collection: AdminCollectionView) => afterContentChange(queryClient, 'collections', collection),
  });
}

/** POST /admin/collections/detail/{id} with `{values}` (reads `collection`). */
export function useUpdateCollection(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: AdminCollectionValues) =>
      apiBody.post('/admin/collections/detail/{id}', { params: { path: { id } }, body: { values } }).then((body) => body.collection),
    onSuccess: (collection: AdminCollectionView) => afterContentChange(queryClient, 'collections', collection),
  });
}
