// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { comesBackIn } from './relative-time';

const NOW = Date.UTC(2026, 10, 27, 9, 30);
const DAY = 86_400_000;

describe('comesBackIn', () => {
  it.each([
    [1 * DAY, 'in 1 day'],
    [4 * DAY, 'in 4 days'],
    // Whole days from a due date a few seconds or hours off are rounded to the nearest.
    [3 * DAY + 20 * 3_600_000, 'in 4 days'],
    [4 * DAY - 5_000, 'in 4 days'],
    [29 * DAY, 'in 29 days'],
    [30 * DAY, 'in 1 month'],
    [48 * DAY, 'in 2 months'],
    [155 * DAY, 'in 5 months'],
    [350 * DAY, 'in 11 months'],
    [360 * DAY, 'in 1 year'],
    [445 * DAY, 'in 1 year'],
    [1158 * DAY, 'in 3 years'],
  ])('%d ms from now is "%s"', (ms: number, expected: string) => {
    expect(comesBackIn(NOW + ms, NOW)).toBe(expected);
  });

  it('says hours and minutes under a day, and "now" for a date not after now', () => {
    expect(comesBackIn(NOW + 5 * 3_600_000, NOW)).toBe('in 5 hours');
    expect(comesBackIn(NOW + 23.7 * 3_600_000, NOW)).toBe('in 1 day');
    expect(comesBackIn(NOW + 10 * 60_000, NOW)).toBe('in 10 minutes');
    expect(comesBackIn(NOW, NOW)).toBe('now');
    expect(comesBackIn(NOW - DAY, NOW)).toBe('now');
  });
});
