import { describe, expect, it } from 'vitest';
import { arrowStep, isTypingTarget } from './keyboard';

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
