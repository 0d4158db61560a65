import type { ReactNode } from 'react';
import './auth-card.css';

/** The centred card used by sign-up, login and the account-recovery screens. */
export function AuthCard({ title, subtitle, children, footer }: { title: string; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="page page--narrow">
      <section className="auth-card" aria-labelledby="auth-card-title">
        <h1 id="auth-card-title" className="auth-card__title">
          {title}
        </h1>
        {subtitle ? <p className="auth-card__subtitle">{subtitle}</p> : null}
        {children}
        {footer ? <div className="auth-card__footer">{footer}</div> : null}
      </section>
    </div>
  );
}
