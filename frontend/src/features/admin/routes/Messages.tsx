import { useSearchParams } from 'react-router';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { useDocumentTitle } from '@/components/use-document-title';
import { errorMessage } from '@/lib/api/client';
import type { AdminMessage } from '../api/types';
import { KIND_LABELS, useMarkMessage, useMessages, type MessageFilter } from '../api/messages';
import { ListPage } from '../components/ListPage';
import { excerpt, toDateTime } from '../format';
import '../messages.css';

const FILTERS: { value: MessageFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'unread', label: 'Unread' },
];

export const NO_MESSAGES = 'No messages yet.';
export const NO_UNREAD = 'No unread messages.';

/** RFC 3339 → local 'yyyy-mm-dd hh:mm' ('' when it is not a date). */
function localTime(createdAt: string): string {
  const ms = Date.parse(createdAt);
  return Number.isNaN(ms) ? '' : toDateTime(ms);
}

function countText(shown: number, total: number, filter: MessageFilter): string {
  const what = filter === 'unread' ? 'unread message' : 'message';
  const counted = total === 1 ? `1 ${what}` : `${total} ${what}s`;
  return shown < total ? `${counted} (${shown} shown, newest first).` : `${counted}.`;
}

function sender(message: AdminMessage): string {
  return message.name?.trim() || message.email;
}

function MessageRow({ message, busy, onToggle }: { message: AdminMessage; busy: boolean; onToggle: () => void }) {
  const who = sender(message);
  const action = message.read ? 'Mark as unread' : 'Mark as read';
  const firstLine = excerpt(message.body);
  return (
    <tr className={message.read ? undefined : 'messages-table__unread'}>
      <td>
        <span className={`badge messages-kind messages-kind--${message.kind}`}>{KIND_LABELS[message.kind] ?? message.kind}</span>
      </td>
      <td className="admin-table__wrap messages-table__from">
        {message.name?.trim() ? <span className="messages-table__name">{message.name}</span> : null}
        <a href={`mailto:${message.email}`}>{message.email}</a>
      </td>
      <td className="messages-table__body">
        <details className="messages-body">
          <summary>
            {firstLine || '(no text)'}
            <span className="visually-hidden"> (show the whole message)</span>
          </summary>
          <p className="messages-body__text">{message.body}</p>
        </details>
      </td>
      <td className="messages-table__date">
        <time dateTime={message.createdAt}>{localTime(message.createdAt)}</time>
      </td>
      <td>{message.read ? <span className="messages-state">Read</span> : <span className="badge badge--unread">Unread</span>}</td>
      <td>
        <Button variant="ghost" size="sm" loading={busy} onClick={onToggle}>
          {action}
          <span className="visually-hidden">: message from {who}</span>
        </Button>
      </td>
    </tr>
  );
}

/**
 * /admin/messages (beyond the spec, issue 15): the contact, suggest-a-book and feedback messages,
 * newest first, 50 at a time ('Load More'); all or only the unread; each one read in full in its
 * row and marked read or unread there. The heading says how many are unread.
 */
export default function Messages() {
  useDocumentTitle('Messages');
  const [params, setParams] = useSearchParams();
  const filter: MessageFilter = params.get('filter') === 'unread' ? 'unread' : 'all';
  const messages = useMessages(filter);
  const mark = useMarkMessage();
  const pendingId = mark.isPending ? mark.variables?.id : undefined;
  const unread = messages.data?.unread;

  return (
    <ListPage
      title={<>Messages {unread !== undefined ? <span className="badge admin-title-count">{unread === 1 ? '1 unread' : `${unread} unread`}</span> : null}</>}
      lead="What visitors and members sent through the contact, suggest-a-book and feedback forms, newest first."
      query={messages}
      rows={(data) => data.messages}
      loading="Loading messages…"
      empty={filter === 'unread' ? NO_UNREAD : NO_MESSAGES}
      count={(rows, data) => countText(rows.length, data.total, filter)}
      liveCount
      label="Messages"
      tableClass="messages-table"
      columns={['Kind', 'From', 'Message', 'Received', 'State', 'Action']}
      row={(message) => (
        <MessageRow key={message.id} message={message} busy={pendingId === message.id} onToggle={() => mark.mutate({ id: message.id, read: !message.read })} />
      )}
      more="Load More"
    >
      <div className="admin-filter" role="group" aria-label="Show messages">
        {FILTERS.map((option) => (
          <button
            key={option.value}
            type="button"
            className="admin-filter__option"
            aria-pressed={filter === option.value}
            onClick={() => setParams(option.value === 'all' ? {} : { filter: option.value })}
          >
            {option.label}
          </button>
        ))}
      </div>

      {mark.isError ? <Alert tone="warning">{errorMessage(mark.error)}</Alert> : null}
    </ListPage>
  );
}
