import { Link } from 'react-router';
import { Alert } from '@/components/Alert';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import { errorMessage } from '@/lib/api/client';
import { usePosts } from '../api/posts';
import { formatPostDate, isoDate, postHref } from './format';
import '@/components/book-card.css';

/** The blog index, all posts or one category, newest first. */
export function PostList({ title, lead, category }: { title: string; lead: string; category?: string }) {
  const posts = usePosts(category);
  useDocumentTitle(title);
  const list = posts.data?.posts ?? [];

  return (
    <div className="page blog">
      <header className="page__header">
        <h1 className="page__title">{title}</h1>
        <p className="page__lead">{lead}</p>
        {category ? (
          <p className="back-link">
            <Link to="/blog">← All blog posts</Link>
          </p>
        ) : (
          <p>
            <Link to="/blog/whats-new">What’s new at Gistbook →</Link>
          </p>
        )}
      </header>
      {posts.isPending ? <Spinner label="Loading posts…" /> : null}
      {posts.isError ? <Alert tone="error">{errorMessage(posts.error)}</Alert> : null}
      {posts.data && list.length === 0 ? <p className="blog__empty">No posts yet. Please check back soon.</p> : null}
      {list.length > 0 ? (
        <ul className="post-list">
          {list.map((post) => (
            <li key={post.id}>
              <article className="post-card">
                {post.image ? <img className="post-card__image" src={post.image} alt="" loading="lazy" decoding="async" /> : null}
                <div className="post-card__body">
                  <h2 className="post-card__title">
                    <Link className="post-card__link" to={postHref(post)}>
                      {post.title}
                    </Link>
                  </h2>
                  <p className="post-card__date">
                    <time dateTime={isoDate(post.publishedAt)}>{formatPostDate(post.publishedAt)}</time>
                  </p>
                  <p className="post-card__excerpt">{post.excerpt}</p>
                </div>
              </article>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
