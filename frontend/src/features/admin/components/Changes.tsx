/** What an audit entry changed: one line per field, "key: before → after". */

const LONG = 120;

/** A stored value as people read it. */
export function readable(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(none)';
  if (typeof value === 'string') return value.length > LONG ? `${value.slice(0, LONG)}…` : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : value.map((item) => readable(item)).join(', ');
  const text = JSON.stringify(value);
  return text.length > LONG ? `${text.slice(0, LONG)}…` : text;
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** Dates kept as epoch ms under these names are shown as dates. */
const DATE_KEYS = /date$/i;

function show(key: string, value: unknown): string {
  if (DATE_KEYS.test(key) && typeof value === 'number' && value > 0) return new Date(value).toISOString().slice(0, 10);
  return readable(value);
}

/** The changed fields, in the order they first appear (after first, for additions). */
export function changeLines(before: unknown, after: unknown): { key: string; before: string; after: string }[] {
  const was = asRecord(before);
  const now = asRecord(after);
  const keys = [...new Set([...Object.keys(now), ...Object.keys(was)])];
  // An addition lists only the fields it filled in.
  return keys.map((key) => ({ key, before: show(key, was[key]), after: show(key, now[key]) })).filter((line) => line.before !== line.after);
}

export function Changes({ before, after }: { before: unknown; after: unknown }) {
  const lines = changeLines(before, after);
  if (lines.length === 0) return <span>(no details)</span>;
  return (
    <ul className="audit-changes">
      {lines.map((line) => (
        <li key={line.key}>
          <span className="audit-changes__key">{line.key}:</span> <span className="audit-changes__before">{line.before}</span>
          <span aria-hidden="true"> → </span>
          <span className="visually-hidden"> changed to </span>
          <span className="audit-changes__after">{line.after}</span>
        </li>
      ))}
    </ul>
  );
}
