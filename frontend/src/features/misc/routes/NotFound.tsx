import { Link } from 'react-router';
import { useDocumentTitle } from '@/components/use-document-title';

export default function NotFoundRoute() {
  useDocumentTitle('Page not found');
  return (
    <div className="page page--narrow page--center not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 className="page__title">Page not found</h1>
      <p className="page__lead">The page you are looking for does not exist or has moved.</p>
      <Link className="btn btn--primary btn--md" to="/">
        Go to the home page
      </Link>
    </div>
  );
}
