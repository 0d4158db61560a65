import { useEffect, useEffectEvent } from 'react';
import { isTypingTarget } from '@/lib/keyboard';
import type { Rating } from '../api/types';

const RATING_KEYS: Record<string, Rating> = { '1': 1, '2': 2, '3': 3, '4': 4 };

/** Controls whose own Space and Enter must keep working (a link follows, a button clicks). */
const ACTIVATES_ITSELF = 'a[href], button, summary, input, select, textarea, [role="button"], [role="link"], [role="checkbox"]';

/**
 * The review's keys, on `window`: Space or Enter shows the answer, then 1-4 rate the card. Nothing
 * fires while the member types (the settings' number field) or holds a modifier, and a held key's
 * repeats are ignored so that one press rates once.
 */
export function useReviewKeys({ revealed, onReveal, onRate }: { revealed: boolean; onReveal: () => void; onRate: (rating: Rating) => void }) {
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.repeat || event.altKey || event.ctrlKey || event.metaKey) return;
    if (isTypingTarget(event.target)) return;
    if (!revealed) {
      if (event.key !== ' ' && event.key !== 'Enter') return;
      if (event.target instanceof Element && event.target.closest(ACTIVATES_ITSELF)) return;
      event.preventDefault();
      onReveal();
      return;
    }
    const rating = RATING_KEYS[event.key];
    if (rating === undefined) return;
    event.preventDefault();
    onRate(rating);
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);
}
