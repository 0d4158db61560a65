import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { arrowStep, isTypingTarget, useArrowKeys } from './keyboard';

function element(html: string): Element {
  const holder = document.createElement('div');
  holder.innerHTML = html;
  document.body.appendChild(holder);
  return holder.querySelector('[data-target]') ?? holder.firstElementChild!;
}

describe('isTypingTarget', () => {
  it('is true for text fields, selects, editable content and key-using widgets', () => {
    expect(isTypingTarget(element('<input data-target>'))).toBe(true);
    expect(isTypingTarget(element('<input type="email" data-target>'))).toBe(true);
    expect(isTypingTarget(element('<input type="radio" data-target>'))).toBe(true);
    expect(isTypingTarget(element('<textarea data-target></textarea>'))).toBe(true);
    expect(isTypingTarget(element('<select data-target></select>'))).toBe(true);
    expect(isTypingTarget(element('<div contenteditable="true" data-target></div>'))).toBe(true);
    expect(isTypingTarget(element('<div role="slider" tabindex="0" data-target></div>'))).toBe(true);
  });

  it('is false for buttons, links, checkboxes and the page', () => {
    expect(isTypingTarget(element('<button data-target>x</button>'))).toBe(false);
    expect(isTypingTarget(element('<a href="/" data-target>x</a>'))).toBe(false);
    expect(isTypingTarget(element('<input type="checkbox" data-target>'))).toBe(false);
    expect(isTypingTarget(document.body)).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});

describe('arrowStep', () => {
  const press = (init: KeyboardEventInit, target: EventTarget = document.body) => {
    let step: number | null = null;
    const listener = (event: KeyboardEvent) => {
      step = arrowStep(event);
    };
    window.addEventListener('keydown', listener);
    target.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init }));
    window.removeEventListener('keydown', listener);
    return step;
  };

  it('reads plain left and right arrows', () => {
    expect(press({ key: 'ArrowRight' })).toBe(1);
    expect(press({ key: 'ArrowLeft' })).toBe(-1);
    expect(press({ key: 'ArrowUp' })).toBe(0);
    expect(press({ key: 'ArrowRight', altKey: true })).toBe(0);
    expect(press({ key: 'ArrowRight' }, element('<input data-target>'))).toBe(0);
  });
});

describe('useArrowKeys', () => {
  /** Dispatch a keydown from `target` (bubbling to window); returns whether its default was prevented. */
  const press = (init: KeyboardEventInit, target: EventTarget = document.body) => {
    const event = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init });
    target.dispatchEvent(event);
    return event.defaultPrevented;
  };

  it('steps left and right on plain arrow keys and takes them from the page', () => {
    const onStep = vi.fn();
    renderHook(() => useArrowKeys(onStep));
    expect(press({ key: 'ArrowRight' })).toBe(true);
    expect(press({ key: 'ArrowLeft' })).toBe(true);
    expect(onStep.mock.calls).toEqual([[1], [-1]]);
  });

  it('ignores other keys, modified arrows and arrows already handled', () => {
    const onStep = vi.fn();
    renderHook(() => useArrowKeys(onStep));
    for (const init of [
      { key: 'ArrowUp' },
      { key: 'ArrowDown' },
      { key: 'Enter' },
      { key: 'ArrowRight', altKey: true },
      { key: 'ArrowRight', ctrlKey: true },
      { key: 'ArrowLeft', metaKey: true },
      { key: 'ArrowLeft', shiftKey: true },
    ]) {
      expect(press(init)).toBe(false);
    }
    const handled = (event: KeyboardEvent) => event.preventDefault();
    document.body.addEventListener('keydown', handled);
    press({ key: 'ArrowRight' });
    document.body.removeEventListener('keydown', handled);
    expect(onStep).not.toHaveBeenCalled();
  });

  it('ignores arrows typed into inputs, textareas, editable content and key-using widgets', () => {
    const onStep = vi.fn();
    renderHook(() => useArrowKeys(onStep));
    for (const html of [
      '<input data-target>',
      '<textarea data-target></textarea>',
      '<div contenteditable="true" data-target></div>',
      '<input type="radio" data-target>',
      '<div role="slider" tabindex="0" data-target></div>',
    ]) {
      expect(press({ key: 'ArrowRight' }, element(html))).toBe(false);
    }
    expect(onStep).not.toHaveBeenCalled();
    // A button is not a typing target: the page gets the arrow.
    press({ key: 'ArrowRight' }, element('<button data-target>x</button>'));
    expect(onStep).toHaveBeenCalledWith(1);
  });

  it('listens only while enabled and stops when unmounted', () => {
    const onStep = vi.fn();
    const { rerender, unmount } = renderHook(({ enabled }) => useArrowKeys(onStep, enabled), { initialProps: { enabled: false } });
    expect(press({ key: 'ArrowRight' })).toBe(false);
    rerender({ enabled: true });
    press({ key: 'ArrowRight' });
    expect(onStep).toHaveBeenCalledTimes(1);
    unmount();
    expect(press({ key: 'ArrowRight' })).toBe(false);
    expect(onStep).toHaveBeenCalledTimes(1);
  });

  it('calls the latest callback', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { rerender } = renderHook(({ onStep }) => useArrowKeys(onStep), { initialProps: { onStep: first } });
    rerender({ onStep: second });
    press({ key: 'ArrowLeft' });
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith(-1);
  });
});
