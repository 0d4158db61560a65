import type { ReactNode } from 'react';
import './alert.css';

export type AlertTone = 'warning' | 'error' | 'success' | 'info';

/** Messages for the user. Warnings and errors are announced (role="alert"). */
export function Alert({ tone = 'warning', title, children, id }: { tone?: AlertTone; title?: string; children: ReactNode; id?: string }) {
  const role = tone === 'warning' || tone === 'error' ? 'alert' : 'status';
  return (
    <div id={id} className={`alert alert--${tone}`} role={role}>
      <span className="alert__icon" aria-hidden="true">
        {tone === 'success' ? '✓' : tone === 'info' ? 'i' : '!'}
      </span>
      <div className="alert__body">
        {title ? <p className="alert__title">{title}</p> : null}
        <div>{children}</div>
      </div>
    </div>
  );
}
