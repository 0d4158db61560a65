import { useState } from 'react';
import { useDocumentTitle } from '@/components/use-document-title';
import type { AdminBlogPostView } from '../api/types';
import { POST_ADDED, useAddBlogPost, useBlogPosts } from '../api/blog';
import { QueryError } from '../components/AccessPages';
import { AddedCard, PageHeader } from '../components/ContentPage';
import { AdminForm } from '../components/form/AdminForm';
import { blogFields, blogRequest } from '../components/blog-fields';

/** /admin/blog-add: the form, then 'The post has been added.' with the ways on (its photo, its edit page). */
export default function BlogAdd() {
  useDocumentTitle('Add post');
  const blog = useBlogPosts();
  const add = useAddBlogPost();
  const [added, setAdded] = useState<AdminBlogPostView | null>(null);

  return (
    <>
      <PageHeader back={{ to: '/admin/blog-list', label: 'Blog' }} title="Add post" />
      {added ? (
        <AddedCard
          message={POST_ADDED}
          heading={`“${added.title}” (#${added.id})${added.draft ? ', a draft' : ''}`}
          next="Next, upload its photo (optional):"
          links={[{ to: `/admin/blog-photo/${added.id}`, label: 'Photo' }]}
          edit={{ to: `/admin/blog-edit/${added.id}`, label: 'Edit the post' }}
          againLabel="Add another post"
          onAgain={() => setAdded(null)}
        />
      ) : (
        <section className="card admin-card">
          {blog.isError ? <QueryError error={blog.error} /> : null}
          <AdminForm
            fields={blogFields(blog.data?.categories ?? [])}
            loading={blog.isPending}
            loadingLabel="Loading the blog’s categories…"
            submitLabel="Add post"
            submittingLabel="Adding…"
            onSubmit={async (values) => {
              setAdded(await add.mutateAsync(blogRequest(values)));
            }}
          />
        </section>
      )}
    </>
  );
}
