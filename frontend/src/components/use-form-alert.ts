import { useCallback, useState } from 'react';
import { scrollToTop } from './scroll';

/** The message a form shows in its alert, and how to show one: set it and scroll it into view. */
export function useFormAlert() {
  const [message, setMessage] = useState<string | null>(null);
  const showError = useCallback((text: string) => {
    setMessage(text);
    scrollToTop();
  }, []);
  const clearError = useCallback(() => setMessage(null), []);
  return { message, showError, clearError };
}
