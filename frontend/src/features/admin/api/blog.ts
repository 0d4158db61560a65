import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { AdminBlogPostView, AdminBlogRequest, BlogUploadResult } from './types';
import { afterContentChange, isId } from './content';
import { adminKeys } from './keys';
import { uploadTo, type UploadOptions } from './upload';

export const POST_ADDED = 'The post has been added.';
export const POST_UPDATED = 'The post has been updated.';

/** GET /api/admin/blog: every post, newest first, drafts too, and the blog's categories (for the form's select). */
export function useBlogPosts() {
  return useQuery({
    queryKey: adminKeys.contentList('blog'),
    queryFn: ({ signal }) => api.get('/api/admin/blog', { signal }),
  });
}

/** GET /api/admin/blog/{postId} */
export function useBlogPost(id: number) {
  return useQuery({
    queryKey: adminKeys.contentItem('blog', id),
    queryFn: ({ signal }) => api.get('/api/admin/blog/{postId}', { params: { path: { postId: id } }, signal }).then((result) => result.post),
    enabled: isId(id),
  });
}

/** POST /api/admin/blog ('The post has been added.') */
export function useAddBlogPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminBlogRequest) => api.post('/api/admin/blog', { body }).then((result) => result.post),
    onSuccess: (post: AdminBlogPostView) => afterContentChange(queryClient, 'blog', post),
  });
}

/** PUT /api/admin/blog, the body with the post's id ('The post has been updated.'); the answer is the post as stored (sanitised). */
export function useUpdateBlogPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminBlogRequest) => api.put('/api/admin/blog', { body }).then((result) => result.post),
    onSuccess: (post: AdminBlogPostView) => afterContentChange(queryClient, 'blog', post),
  });
}

/** Multipart POST /api/admin/blog/photo/{postId} ('The photo was uploaded.'). */
export function uploadBlogPhoto(id: number, file: File, options: UploadOptions = {}): Promise<BlogUploadResult> {
  return uploadTo<BlogUploadResult>(`/api/admin/blog/photo/${id}`, file, options);
}

/** Draft, scheduled (published later) or published, for the list and the edit page. */
export type PostState = 'draft' | 'scheduled' | 'published';

export function postState(post: Pick<AdminBlogPostView, 'draft' | 'publishDate'>, now: number = Date.now()): PostState {
  if (post.draft) return 'draft';
  return post.publishDate > now ? 'scheduled' : 'published';
}
