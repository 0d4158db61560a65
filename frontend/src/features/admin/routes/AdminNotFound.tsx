import { Link } from 'react-router';
import { useDocumentTitle } from '@/components/use-document-title';

/** An /admin/... address with no screen (yet). */
export default function AdminNotFound() {
  useDocumentTitle('Page not found');
  return (
    <div className="admin-empty">
      <h1 className="page__title">Page not found</h1>
      <p className="page__lead">The back office has no such page.</p>
      <Link to="/admin">Back office overview</Link>
    </div>
  );
}
