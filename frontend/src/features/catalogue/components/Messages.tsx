import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/Alert';
import { errorMessage } from '@/lib/api/client';

/** A 404-style page body for an address inside the catalogue that does not exist. */
export function NotFoundMessage({ title = 'Page not found', children }: { title?: string; children?: ReactNode }) {
  return (
    <div className="page page--narrow page--center">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 className="page__title">{title}</h1>
      <p className="page__lead">{children ?? 'The page you are looking for does not exist or has moved.'}</p>
      <Link className="btn btn--primary btn--md" to="/books">
        Browse all book summaries
      </Link>
    </div>
  );
}

/** The server's message (or the exception's) in an alert. */
export function LoadError({ error }: { error: unknown }) {
  return <Alert tone="error">{errorMessage(error)}</Alert>;
}

export function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 404;
}
