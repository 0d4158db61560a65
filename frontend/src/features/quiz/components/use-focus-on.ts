import { useEffect, useRef } from 'react';

/**
 * An element (with `tabIndex={-1}`) focused whenever `key` changes while `enabled`, so that screen
 * readers announce what just appeared (the next question, the completion card) and the keyboard
 * starts there. Not on the page's first view.
 */
export function useFocusOn<T extends HTMLElement>(enabled: boolean, key: unknown) {
  const element = useRef<T>(null);
  useEffect(() => {
    if (enabled) element.current?.focus();
  }, [enabled, key]);
  return element;
}
