import { useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import { uploadBlogPhoto, useBlogPost } from '../api/blog';
import { afterContentChange } from '../api/content';
import { QueryError } from '../components/AccessPages';
import { PageHeader } from '../components/ContentPage';
import { CurrentFile, UploadPanel } from '../components/UploadPanel';

/** /admin/blog-photo/{postId}: the post's photo, with progress. */
export default function BlogPhoto() {
  const id = Number(useParams().postId);
  useDocumentTitle(`Photo of post #${id}`);
  const post = useBlogPost(id);
  const queryClient = useQueryClient();

  return (
    <>
      <PageHeader back={{ to: '/admin/blog-list', label: 'Blog' }} title="Post photo" lead={post.data ? `For “${post.data.title}” (#${id}).` : undefined} />
      {post.isError ? <QueryError error={post.error} /> : null}
      {post.isPending ? <Spinner label="Loading the post…" /> : null}
      {post.data ? (
        <UploadPanel
          label="Photo file"
          accept="image/*"
          send={async (file, options) => {
            const result = await uploadBlogPhoto(id, file, options);
            await afterContentChange(queryClient, 'blog', result.post);
            return result.message;
          }}
          current={<CurrentFile url={post.data.photoUrl} kind="image" name={`Current photo of ${post.data.title}`} noneText="This post has no photo yet." />}
        />
      ) : null}
    </>
  );
}
