import { Link, useRouteError } from 'react-router';

/** Last-resort error screen (e.g. a route chunk that failed to load after a deploy). */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <div className="page page--narrow page--center" role="alert">
      <h1 className="page__title">Something went wrong</h1>
      <p className="page__lead">There was an error. Please try again later.</p>
      <p>
        <button type="button" className="btn btn--primary btn--md" onClick={() => window.location.reload()}>
          Reload the page
        </button>{' '}
        <Link to="/">Go to the home page</Link>
      </p>
    </div>
  );
}
