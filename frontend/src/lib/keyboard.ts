import { useEffect, useEffectEvent } from 'react';

/**
 * Page-level shortcuts (the reader's and the visual viewer's arrow keys) must not fire while the
 * user types or works a control that uses those keys itself.
 */
const TEXT_INPUT_TYPES = new Set(['text', 'search', 'email', 'password', 'number', 'tel', 'url', 'date', 'time', 'datetime-local', 'month', 'week', 'range']);
const KEY_ROLES = new Set(['textbox', 'searchbox', 'slider', 'spinbutton', 'combobox', 'listbox', 'menu', 'menubar', 'tablist', 'radiogroup', 'grid', 'tree']);

export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || !(target instanceof Element)) return false;
  const element = target as HTMLElement;
  if (element.isContentEditable || element.getAttribute('contenteditable') === 'true') return true;
  const tag = element.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') {
    const type = (element.getAttribute('type') ?? 'text').toLowerCase();
    // Radio buttons move between options with the arrow keys too.
    return TEXT_INPUT_TYPES.has(type) || type === 'radio';
  }
  if (tag === 'AUDIO' || tag === 'VIDEO') return true;
  const roleHost = element.closest('[role]');
  return roleHost !== null && KEY_ROLES.has(roleHost.getAttribute('role') ?? '');
}

/** A plain ArrowLeft / ArrowRight press meant for the page: -1, 1, or 0 to ignore it. */
export function arrowStep(event: KeyboardEvent): -1 | 0 | 1 {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return 0;
  if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return 0;
  if (isTypingTarget(event.target)) return 0;
  return event.key === 'ArrowRight' ? 1 : -1;
}

/**
 * Page-level left and right arrows (the reader's sections, the visuals carousel): while `enabled`,
 * each plain ArrowLeft / ArrowRight press meant for the page (see `arrowStep`) has its default
 * prevented and calls `onStep(-1)` or `onStep(1)`. Listens on `window`; the latest `onStep` is used.
 */
export function useArrowKeys(onStep: (step: -1 | 1) => void, enabled = true): void {
  const step = useEffectEvent(onStep);
  useEffect(() => {
    if (!enabled) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      const direction = arrowStep(event);
      if (direction === 0) return;
      event.preventDefault();
      step(direction);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
