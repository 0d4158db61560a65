import { PostList } from '../components/PostList';
import '../blog.css';

/** /blog/whats-new: only the posts of the whats-new category. */
export default function WhatsNewRoute() {
  return <PostList title="What's New" lead="New features and improvements to Gistbook." category="whats-new" />;
}
