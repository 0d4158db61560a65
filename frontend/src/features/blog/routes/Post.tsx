import { Link, useParams } from 'react-router';
import { Alert } from '@/components/Alert';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import { errorMessage } from '@/lib/api/client';
import { usePost } from '../api/posts';
import { formatPostDate, isoDate } from '../components/format';
import '../blog.css';

/** /blog/:id (id or slug). The body is HTML sanitised by the server. */
export default function PostRoute() {
  const { id = '' } = useParams();
  const query = usePost(id);
  const post = query.data?.post;
  useDocumentTitle(post?.title ?? 'Blog');
  const notFound = query.isError && (query.error as { status?: number }).status === 404;

  return (
    <div className="page blog blog-post">
      <p className="back-link">
        <Link to="/blog">← Back to blog</Link>
      </p>
      {query.isPending ? <Spinner label="Loading the post…" /> : null}
      {notFound ? (
        <>
          <h1 className="page__title">Post not found</h1>
          <p className="page__lead">This post does not exist or has been removed.</p>
        </>
      ) : query.isError ? (
        <Alert tone="error">{errorMessage(query.error)}</Alert>
      ) : null}
      {post ? (
        <article className="blog-post__article">
          <header className="blog-post__header">
            <h1 className="page__title">{post.title}</h1>
            <p className="post-card__date">
              <time dateTime={isoDate(post.publishedAt)}>{formatPostDate(post.publishedAt)}</time>
            </p>
          </header>
          {/* The post's picture is its largest element: fetched first, in a 16:9 box reserved before it loads. */}
          {post.image ? <img className="blog-post__image" src={post.image} alt="" width={1200} height={675} fetchPriority="high" /> : null}
          {/* Sanitised by the server (docs/catalogue.md). */}
          <div className="prose" dangerouslySetInnerHTML={{ __html: post.body }} />
        </article>
      ) : null}
    </div>
  );
}
