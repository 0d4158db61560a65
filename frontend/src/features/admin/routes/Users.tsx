import { Link, useSearchParams } from 'react-router';
import { useDocumentTitle } from '@/components/use-document-title';
import { useUsers } from '../api/users';
import { AdminForm } from '../components/form/AdminForm';
import type { FieldDefinition } from '../components/form/types';
import { ListPage } from '../components/ListPage';
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
    <ListPage
      title="Members"
      query={users}
      rows={(data) => data.users}
      loading="Loading members…"
      count={(rows, data) => countText(rows.length, data.total, q)}
      liveCount
      label="Members"
      columns={['Id', 'E-mail', 'Date', 'Edit']}
      row={(user) => (
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
      )}
      more="Load More"
    >
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
    </ListPage>
  );
}
