import { useEffect, useRef, useState } from 'react';
import { ProgressBar } from '@/components/ProgressBar';
import { COUNTER_MAX, COUNTER_TICK_MS, REDUCED_MOTION_STEP } from '../constants';
import { StepShell } from './StepShell';
import { usePrefersReducedMotion } from './use-reduced-motion';

export const PERSONALIZING_TITLE = 'Personalizing your plan…';
export const READY_MESSAGE = 'Your plan is ready.';

/** What the live region says: every quarter, then ready (not every percent). */
export function counterAnnouncement(count: number): string {
  if (count >= COUNTER_MAX) return READY_MESSAGE;
  return `Personalizing: ${Math.floor(count / 25) * 25}%`;
}

/**
 * Step 6: a counter from 0 to 100%, 1% every 20 ms (with reduced motion asked for, 25% every
 * 500 ms: the same two seconds in four moves), then `onDone` (the page goes to /secret).
 */
export function PersonalizingStep({ onDone, focusHeading }: { onDone: () => void; focusHeading: boolean }) {
  const reduced = usePrefersReducedMotion();
  const [count, setCount] = useState(0);
  /** `onDone` once, even should it change after the counter is full. */
  const done = useRef(false);

  useEffect(() => {
    const step = reduced ? REDUCED_MOTION_STEP : 1;
    const timer = window.setInterval(() => {
      setCount((current) => Math.min(COUNTER_MAX, current + step));
    }, COUNTER_TICK_MS * step);
    return () => window.clearInterval(timer);
  }, [reduced]);

  useEffect(() => {
    if (count < COUNTER_MAX || done.current) return;
    done.current = true;
    onDone();
  }, [count, onDone]);

  return (
    <StepShell name="personalizing" title={PERSONALIZING_TITLE} focusHeading={focusHeading} className="onboarding-personalizing">
      <p className="onboarding-step__lead">We are choosing ten books for your goals and the subjects you picked.</p>
      <p className="onboarding-counter" aria-hidden="true">
        {count}%
      </p>
      <ProgressBar
        label="Personalizing"
        value={count}
        max={COUNTER_MAX}
        valueText={`${count}%`}
        className="onboarding-bar onboarding-bar--counter"
        fillClassName="onboarding-bar__fill onboarding-bar__fill--counter"
      />
      <p className="visually-hidden" role="status">
        {counterAnnouncement(count)}
      </p>
    </StepShell>
  );
}
