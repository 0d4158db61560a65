// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatTime, nextSpeed, speedLabel } from './audio';

describe('formatTime', () => {
  it('formats seconds as m:ss with two-digit seconds', () => {
    expect(formatTime(0)).toBe('0:00');
    expect(formatTime(5)).toBe('0:05');
    expect(formatTime(59.9)).toBe('0:59');
    expect(formatTime(60)).toBe('1:00');
    expect(formatTime(125)).toBe('2:05');
    expect(formatTime(754.2)).toBe('12:34');
    expect(formatTime(3600)).toBe('60:00');
    expect(formatTime('90')).toBe('1:30');
  });

  it('shows 0:00 for non-numeric input', () => {
    for (const value of [Number.NaN, Infinity, -Infinity, -3, undefined, null, 'abc', '', {}, [], true]) {
      expect(formatTime(value)).toBe('0:00');
    }
  });
});

describe('nextSpeed', () => {
  it('cycles 1 → 1.25 → 1.5 → 1.75 → 2 → 0.5 → 0.75 → 1', () => {
    const seen: number[] = [];
    let speed = 1;
    for (let i = 0; i < 7; i += 1) {
      speed = nextSpeed(speed);
      seen.push(speed);
    }
    expect(seen).toEqual([1.25, 1.5, 1.75, 2, 0.5, 0.75, 1]);
  });

  it('recovers from odd values', () => {
    expect(nextSpeed(Number.NaN)).toBe(1);
    expect(nextSpeed(0.1)).toBe(1);
    expect(nextSpeed(3)).toBe(0.5);
    expect(nextSpeed(1.1)).toBe(1.25);
  });

  it('labels speeds', () => {
    expect(speedLabel(1)).toBe('1x');
    expect(speedLabel(1.25)).toBe('1.25x');
    expect(speedLabel(0.5)).toBe('0.5x');
  });
});
