import type { ReactNode } from 'react';
import { useStepHeading } from './use-step-heading';

interface StepShellProps {
  /** The step's name in class names and ids ("goals"). */
  name: string;
  title: string;
  /** The visitor moved here: the heading takes the focus. */
  focusHeading: boolean;
  lead?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** One step of /get-started: a card with the step's heading (the page's h1) and its lead. */
export function StepShell({ name, title, focusHeading, lead, children, className }: StepShellProps) {
  const heading = useStepHeading(focusHeading);
  const titleId = `onboarding-${name}-title`;
  return (
    <section className={`card onboarding-step onboarding-step--${name} ${className ?? ''}`.trim()} aria-labelledby={titleId}>
      <h1 id={titleId} className="onboarding-step__title" tabIndex={-1} ref={heading}>
        {title}
      </h1>
      {lead ? <p className="onboarding-step__lead">{lead}</p> : null}
      {children}
    </section>
  );
}
