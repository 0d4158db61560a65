import { Link } from 'react-router';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import { postState, useBlogPosts } from '../api/blog';
import { QueryError } from '../components/AccessPages';
import { PageHeader } from '../components/ContentPage';
import { TableRegion } from '../components/TableRegion';
import { toDateTime } from '../format';

export const NO_POSTS = 'No posts yet.';

/** /admin/blog-list: Id, Title (with the draft or scheduled state), Date Added, Edit and Photo; newest first. */
export default function BlogList() {
  useDocumentTitle('Blog');
  const blog = useBlogPosts();
  const posts = blog.data?.posts;
  // Drafts and schedules as of when the list was fetched.
  const now = blog.dataUpdatedAt;
  return (
    <>
      <PageHeader
        title="Blog"
        action={
          <Link className="btn btn--primary btn--md" to="/admin/blog-add">
            Add post
          </Link>
        }
      />
      {blog.isPending ? <Spinner label="Loading posts…" /> : null}
      {blog.isError ? <QueryError error={blog.error} /> : null}
      {posts && posts.length === 0 ? <p className="admin-empty">{NO_POSTS}</p> : null}
      {posts && posts.length > 0 ? (
        <>
          <p className="admin-count">{posts.length === 1 ? '1 post.' : `${posts.length} posts, newest first.`}</p>
          <TableRegion label="Blog posts">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Id</th>
                  <th scope="col">Title</th>
                  <th scope="col">Date Added</th>
                  <th scope="col">Edit</th>
                  <th scope="col">Photo</th>
                </tr>
              </thead>
              <tbody>
                {posts.map((post) => {
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
                })}
              </tbody>
            </table>
          </TableRegion>
        </>
      ) : null}
    </>
  );
}
