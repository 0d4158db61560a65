import { useState } from 'react';
import { useParams } from 'react-router';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import { POST_UPDATED, postState, useBlogPost, useBlogPosts, useUpdateBlogPost } from '../api/blog';
import { QueryError } from '../components/AccessPages';
import { LinkList, PageHeader } from '../components/ContentPage';
import { AdminForm } from '../components/form/AdminForm';
import { blogFields, blogRequest } from '../components/blog-fields';
import { toDateTime } from '../format';
import { SavedHtmlPreview } from '../components/SavedHtmlPreview';

/**
 * /admin/blog-edit/{postId}: the post's fields, and a preview of the text as the server stored it
 * (sanitised; edits show there once saved). After a save the form shows the stored values with
 * 'The post has been updated.'.
 */
export default function BlogEdit() {
  const id = Number(useParams().postId);
  useDocumentTitle(`Edit post #${id}`);
  const post = useBlogPost(id);
  const blog = useBlogPosts();
  const update = useUpdateBlogPost();
  const [saved, setSaved] = useState(0);
  const state = post.data ? postState(post.data, post.dataUpdatedAt) : null;

  return (
    <>
      <PageHeader
        back={{ to: '/admin/blog-list', label: 'Blog' }}
        title={`Edit post #${id}`}
        lead={
          post.data
            ? `${post.data.title}: ${state === 'draft' ? 'a draft, members do not see it' : state === 'scheduled' ? `scheduled for ${toDateTime(post.data.publishDate)}` : 'published'}.`
            : undefined
        }
      />
      {post.isError ? <QueryError error={post.error} /> : null}
      {blog.isError ? <QueryError error={blog.error} /> : null}
      {post.isPending || blog.isPending ? <Spinner label="Loading the post…" /> : null}
      {post.data && blog.data ? (
        <div className="content-edit">
          <section className="card admin-card">
            <AdminForm
              key={saved}
              fields={blogFields(blog.data.categories, post.data)}
              submitLabel="Save post"
              onSubmit={async (values) => {
                await update.mutateAsync(blogRequest(values, post.data));
                setSaved((version) => version + 1);
                return POST_UPDATED;
              }}
              initialStatus={saved > 0 ? { kind: 'success', message: POST_UPDATED } : undefined}
            />
          </section>
          <aside className="content-edit__side">
            <section className="card admin-card" aria-labelledby="photo-title">
              <h2 id="photo-title" className="card__title">
                Photo
              </h2>
              {post.data.photoUrl ? (
                <img className="content-edit__image" src={post.data.photoUrl} alt={`Photo of ${post.data.title}`} />
              ) : (
                <p className="content-edit__none">No photo yet.</p>
              )}
              <LinkList
                links={[{ to: `/admin/blog-photo/${id}`, label: post.data.photoUrl ? 'Replace the photo' : 'Upload a photo' }]}
                label={`Photo of ${post.data.title}`}
              />
            </section>
            <section className="card admin-card" aria-labelledby="preview-title">
              <h2 id="preview-title" className="card__title">
                Preview
              </h2>
              <p className="field__hint">The text as saved (the server removes unsafe HTML); edits show here after saving.</p>
              {post.data.text ? <SavedHtmlPreview className="content-edit__preview" label="Saved text" html={post.data.text} /> : <p>No text yet.</p>}
            </section>
          </aside>
        </div>
      ) : null}
    </>
  );
}
