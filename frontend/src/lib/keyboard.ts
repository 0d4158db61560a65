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
