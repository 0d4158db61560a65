import { Fragment, type ReactNode } from 'react';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Spinner } from '@/components/Spinner';
import { accessFromError } from '../api/access';
import { QueryError } from './AccessPages';
import { PageHeader } from './ContentPage';
import { TableRegion } from './TableRegion';

/** What a list page reads of its TanStack query (`useQuery`, or `useInfiniteQuery` for 'Load More'). */
export interface ListQuery<D> {
  data: D | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  hasNextPage?: boolean;
  isFetchingNextPage?: boolean;
  fetchNextPage?: () => Promise<unknown>;
}

export interface ListPageProps<D, T> {
  /** The page's header (PageHeader): its title, the line under it and an action beside it. */
  title: ReactNode;
  lead?: ReactNode;
  action?: ReactNode;
  /** What stands between the header and the list: notices, filters, a search form. */
  children?: ReactNode;
  query: ListQuery<D>;
  /** The rows of the answer, in the order shown (the page sorts them here). */
  rows: (data: D) => readonly T[];
  /** The spinner's text while the list loads. */
  loading: string;
  /** What a failure says unless it is a refusal (403: the access pages); by default the error's own message. */
  errorText?: string;
  /** The text of an empty list (none: nothing but the count). */
  empty?: ReactNode;
  /** The count line above the table. */
  count?: (rows: readonly T[], data: D) => ReactNode;
  /**
   * The count is announced (aria-live) and stands above an empty list's text too: for lists that
   * change in place (a search, a filter, 'Load More'). Otherwise it shows only above the table.
   */
  liveCount?: boolean;
  /** The scrolling region's name (TableRegion). */
  label: string;
  /** The table's classes beside `admin-table`. */
  tableClass?: string;
  /** The head row's cells: a string is a plain `<th scope="col">`; anything else is rendered as it is (a sort button's `<th>`). */
  columns: readonly ReactNode[];
  /** One `<tr>` (with its key) for a row. */
  row: (item: T, index: number, rows: readonly T[]) => ReactNode;
  /** The label of the button that loads the next page, shown while the query has one ('Load More'). */
  more?: string;
}

function ListError({ error, text }: { error: unknown; text?: string }) {
  if (text === undefined || accessFromError(error) !== null) return <QueryError error={error} />;
  return <Alert tone="warning">{text}</Alert>;
}

/**
 * A back-office list page: the header, then the spinner while the list loads, the refusal's page
 * or a warning when it failed, the empty text, or the count and the table, and 'Load More' when
 * there is more. The page keeps what is its own: the query, the sort, the columns and the rows.
 */
export function ListPage<D, T>({
  title,
  lead,
  action,
  children,
  query,
  rows,
  loading,
  errorText,
  empty,
  count,
  liveCount = false,
  label,
  tableClass,
  columns,
  row,
  more,
}: ListPageProps<D, T>) {
  const data = query.data;
  const items = data === undefined ? undefined : rows(data);
  const countLine =
    items && data !== undefined && count ? (
      <p className="admin-count" aria-live={liveCount ? 'polite' : undefined}>
        {count(items, data)}
      </p>
    ) : null;

  return (
    <>
      <PageHeader title={title} lead={lead} action={action} />
      {children}
      {query.isPending ? <Spinner label={loading} /> : null}
      {query.isError ? <ListError error={query.error} text={errorText} /> : null}
      {items ? (
        <>
          {liveCount ? countLine : null}
          {items.length === 0 ? (
            empty !== undefined ? (
              <p className="admin-empty">{empty}</p>
            ) : null
          ) : (
            <>
              {liveCount ? null : countLine}
              <TableRegion label={label}>
                <table className={tableClass ? `admin-table ${tableClass}` : 'admin-table'}>
                  <thead>
                    <tr>
                      {columns.map((column, index) =>
                        typeof column === 'string' ? (
                          <th key={index} scope="col">
                            {column}
                          </th>
                        ) : (
                          <Fragment key={index}>{column}</Fragment>
                        ),
                      )}
                    </tr>
                  </thead>
                  <tbody>{items.map(row)}</tbody>
                </table>
              </TableRegion>
            </>
          )}
          {more && query.hasNextPage ? (
            <div className="admin-more">
              <Button variant="ghost" loading={query.isFetchingNextPage ?? false} loadingText="Loading…" onClick={() => void query.fetchNextPage?.()}>
                {more}
              </Button>
            </div>
          ) : null}
        </>
      ) : null}
    </>
  );
}
