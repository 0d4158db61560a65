import { Link } from 'react-router';
import { useDocumentTitle } from '@/components/use-document-title';
import { postState, useBlogPosts } from '../api/blog';
import { ListPage } from '../components/ListPage';
import { toDateTime } from '../format';

export const NO_POSTS = 'No posts yet.';

/** /admin/blog-list: Id, Title (with the draft or scheduled state), Date Added, Edit and Photo; newest first. */
export default function BlogList() {
  useDocumentTitle('Blog');
  const blog = useBlogPosts();
  // Drafts and schedules as of when the list was fetched.
  const now = blog.dataUpdatedAt;
  return (
    <ListPage
      title="Blog"
      action={
        <Link className="btn btn--primary btn--md" to="/admin/blog-add">
          Add post
        </Link>
      }
      query={blog}
      rows={(data) => data.posts}
      loading="Loading posts…"
      empty={NO_POSTS}
      count={(posts) => (posts.length === 1 ? '1 post.' : `${posts.length} posts, newest first.`)}
      label="Blog posts"
      columns={['Id', 'Title', 'Date Added', 'Edit', 'Photo']}
      row={(post) => {
        const state = postState(post, now);
        return (
          <tr key={post.id}>
            <td>{post.id}</td>
            <td className="admin-content__title">
              <span>{post.title}</span>
              {state === 'draft' ? <span className="badge admin-badge--draft">Draft</span> : null}
              {state === 'scheduled' ? <span className="badge admin-badge--scheduled">Scheduled for {toDateTime(post.publishDate)}</span> : null}
            </td>
            <td className="admin-content__date">{toDateTime(post.createDate)}</td>
            <td>
              <Link to={`/admin/blog-edit/${post.id}`} aria-label={`Edit ${post.title}`}>
                Edit
              </Link>
            </td>
            <td>
              <Link to={`/admin/blog-photo/${post.id}`} aria-label={`Photo of ${post.title}`}>
                Photo
              </Link>
            </td>
          </tr>
        );
      }}
    />
  );
}
