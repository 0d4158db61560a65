import { PostList } from '../components/PostList';
import '../blog.css';

/** /blog */
export default function BlogRoute() {
  return <PostList title="Blog" lead="Reading tips, book news and ideas worth sharing." />;
}
