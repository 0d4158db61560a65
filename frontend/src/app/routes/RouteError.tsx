import { Component, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';

/** Last-resort error screen (e.g. a route chunk that failed to load after a deploy). */
export function RouteError() {
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

type BoundaryProps = { children: ReactNode; page: string };
type BoundaryState = { failed: boolean; page: string };

/**
 * Catches what a page throws while it renders and shows {@link RouteError} in its place, until the
 * member goes to another page. React Router's data router did this through `errorElement`; the
 * app uses its component router (docs/decisions.md), so the boundary is the app's own.
 */
class PageErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  constructor(props: BoundaryProps) {
    super(props);
    this.state = { failed: false, page: props.page };
  }

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    // Another page (or the same address opened again): render the routes again.
    return props.page === state.page ? null : { failed: false, page: props.page };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

/** The app's routes under the last-resort error screen, which a move to another page clears. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return <PageErrorBoundary page={location.key}>{children}</PageErrorBoundary>;
}
