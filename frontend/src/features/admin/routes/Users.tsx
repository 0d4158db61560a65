import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/Button';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import { useUsers } from '../api/users';
import { QueryError } from '../components/AccessPages';
import { AdminForm } from '../components/form/AdminForm';
import type { FieldDefinition } from '../components/form/types';
import { TableRegion } from '../components/TableRegion';
import { toDay } from '../format';

export const SEARCH_LABEL = 'Search by e-mail or name';

function countText(shown: number, total: number, query: string): string {
  const users = total === 1 ? '1 user' : `${total} users`;
  const more = shown < total ? ` (${shown} shown, newest first; load more for older ones)` : '';
  return query ? `${users} found for “${query}”${more}.` : `${users}${more}.`;
}

/** /admin/users: members newest first, 100 at a time ('Load More' merges), with a search by e-mail or name. */
export default function Users() {
  useDocumentTitle('Members');
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const users = useUsers(q);

  const fields: FieldDefinition[] = [{ id: 'q', label: SEARCH_LABEL, type: 'text', inputType: 'search', value: q }];

  return (
    <>
      <header className="page__header">
        <h1 className="page__title">Members</h1>
      </header>
      <AdminForm
        key={q}
        fields={fields}
        layout="inline"
        role="search"
        label="Members"
        submitLabel="Search"
        submittingLabel="Searching…"
        onSubmit={(values) => {
          const text = typeof values.q === 'string' ? values.q.trim() : '';
          setParams(text ? { q: text } : {});
        }}
      />
      {q ? (
        <p>
          <Link to="/admin/users">Show every member</Link>
        </p>
      ) : null}
      {users.isPending ? <Spinner label="Loading members…" /> : null}
      {users.isError ? <QueryError error={users.error} /> : null}
      {users.data ? (
        <>
          <p className="admin-count" aria-live="polite">
            {countText(users.data.users.length, users.data.total, q)}
          </p>
          {users.data.users.length > 0 ? (
            <TableRegion label="Members">
              <table className="admin-table">
                <thead>
                  <tr>
                    <th scope="col">Id</th>
                    <th scope="col">E-mail</th>
                    <th scope="col">Date</th>
                    <th scope="col">Edit</th>
                  </tr>
                </thead>
                <tbody>
                  {users.data.users.map((user) => (
                    <tr key={user.id}>
                      <td>{user.id}</td>
                      <td className="admin-table__wrap">{user.email}</td>
                      <td>{toDay(user.createDate)}</td>
                      <td>
                        <Link to={`/admin/users/${user.id}`} aria-label={`Edit ${user.email}`}>
                          Edit
                        </Link>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableRegion>
          ) : null}
          {users.hasNextPage ? (
            <div className="admin-more">
              <Button variant="ghost" loading={users.isFetchingNextPage} loadingText="Loading…" onClick={() => void users.fetchNextPage()}>
                Load More
              </Button>
            </div>
          ) : null}
        </>
      ) : null}
    </>
  );
}
