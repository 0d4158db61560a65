import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/Button';
import { Spinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/components/use-document-title';
import type { AuditEntry } from '@/lib/api/types';
import { AUDIT_ACTIONS, actionLabel, useAudit } from '../api/audit';
import { QueryError } from '../components/AccessPages';
import { Changes } from '../components/Changes';
import { AdminForm } from '../components/form/AdminForm';
import { textOf, type FieldDefinition } from '../components/form/types';
import { TableRegion } from '../components/TableRegion';
import { toDateTime } from '../format';
import '../audit.css';

function What({ entry }: { entry: AuditEntry }) {
  if (entry.entity === 'member') return <Link to={`/admin/users/${entry.entityId}`}>Member #{entry.entityId}</Link>;
  if (entry.entity === 'book') return <Link to={`/admin/book-edit/${entry.entityId}`}>Book #{entry.entityId}</Link>;
  return (
    <span>
      {entry.entity} #{entry.entityId}
    </span>
  );
}

/** /admin/audit: every back-office change, newest first, 100 at a time, by action and by member or book id. */
export default function Audit() {
  useDocumentTitle('Audit log');
  const [params, setParams] = useSearchParams();
  const action = params.get('action') ?? '';
  const entityId = params.get('entityId')?.trim() ?? '';
  const audit = useAudit(action, entityId);

  const fields: FieldDefinition[] = [
    { id: 'action', label: 'Action', type: 'normal-select', options: [{ value: '', label: 'Any action' }, ...AUDIT_ACTIONS], value: action },
    { id: 'entityId', label: 'Member or book id', type: 'text', inputType: 'search', value: entityId },
  ];

  return (
    <>
      <header className="page__header">
        <h1 className="page__title">Audit log</h1>
        <p className="page__lead">Every change made in the back office, newest first.</p>
      </header>
      <AdminForm
        key={`${action}/${entityId}`}
        fields={fields}
        layout="inline"
        label="Filter the audit log"
        submitLabel="Filter"
        onSubmit={(values) => {
          const next: Record<string, string> = {};
          if (textOf(values.action)) next.action = textOf(values.action);
          if (textOf(values.entityId).trim()) next.entityId = textOf(values.entityId).trim();
          setParams(next);
        }}
      />
      {audit.isPending ? <Spinner label="Loading the audit log…" /> : null}
      {audit.isError ? <QueryError error={audit.error} /> : null}
      {audit.data && audit.data.length === 0 ? <p className="admin-empty">No changes found.</p> : null}
      {audit.data && audit.data.length > 0 ? (
        <TableRegion label="Audit log">
          <table className="admin-table audit-table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">Action</th>
                <th scope="col">What</th>
                <th scope="col">Changes</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {audit.data.map((entry) => (
                <tr key={entry.id}>
                  <td className="audit-table__when">
                    <time dateTime={new Date(entry.at).toISOString()}>{toDateTime(entry.at)}</time>
                  </td>
                  <td className="admin-table__wrap">{entry.actorEmail ?? (entry.actorId ? `#${entry.actorId}` : 'system')}</td>
                  <td>{actionLabel(entry.action)}</td>
                  <td>
                    <What entry={entry} />
                  </td>
                  <td>
                    <Changes before={entry.before} after={entry.after} />
                  </td>
                  <td className="admin-table__wrap">{entry.reason ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      ) : null}
      {audit.hasNextPage ? (
        <div className="admin-more">
          <Button variant="ghost" loading={audit.isFetchingNextPage} loadingText="Loading…" onClick={() => void audit.fetchNextPage()}>
            Load older
          </Button>
        </div>
      ) : null}
    </>
  );
}
