import { useEffect, useRef } from 'react';

/**
 * The heading of a step, focused when the step shows because the visitor moved to it (not on the
 * page's first view), so that screen readers announce the new step and the keyboard starts there.
 * The heading needs `tabIndex={-1}`.
 */
export function useStepHeading(focus: boolean) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  return heading;
}
