import { useId } from 'react';

/**
 * The spam trap: a field people never see or reach (off screen, hidden from screen readers, out
 * of the tab order, no autofill) but form-filling robots do. Its value is sent as `website`; the
 * server drops a message that has one.
 */
export function Honeypot({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} type="text" name="website" tabIndex={-1} autoComplete="off" value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}
