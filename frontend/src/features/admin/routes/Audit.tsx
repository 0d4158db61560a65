import { Link, useSearchParams } from 'react-router';
import { useDocumentTitle } from '@/components/use-document-title';
import type { AuditEntry } from '../api/types';
import { AUDIT_ACTIONS, actionLabel, useAudit } from '../api/audit';
import { Changes } from '../components/Changes';
import { AdminForm } from '../components/form/AdminForm';
import { textOf, type FieldDefinition } from '../components/form/types';
import { ListPage } from '../components/ListPage';
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
    <ListPage
      title="Audit log"
      lead="Every change made in the back office, newest first."
      query={audit}
      rows={(data) => data}
      loading="Loading the audit log…"
      empty="No changes found."
      label="Audit log"
      tableClass="audit-table"
      columns={['When', 'Who', 'Action', 'What', 'Changes', 'Reason']}
      row={(entry) => (
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
      )}
      more="Load older"
    >
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
    </ListPage>
  );
}
