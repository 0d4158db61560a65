import './spinner.css';

export function Spinner({ label = 'Loading…', inline = false }: { label?: string; inline?: boolean }) {
  return (
    <div className={inline ? 'spinner spinner--inline' : 'spinner'} role="status" aria-live="polite">
      <span className="spinner__circle" aria-hidden="true" />
      <span className={inline ? 'visually-hidden' : 'spinner__label'}>{label}</span>
    </div>
  );
}
