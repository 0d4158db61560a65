// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatBytes, storageText } from './format';

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [-5, '0 B'],
    [Number.NaN, '0 B'],
    [900, '900 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [12 * 1024 * 1024 + 300_000, '12 MB'],
    [1024 * 1024 - 1, '1 MB'],
    [3.25 * 1024 ** 3, '3.3 GB'],
  ])('%d → %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});

describe('storageText', () => {
  it("says what the site uses of the browser's allowance, or nothing without an estimate", () => {
    expect(storageText({ usage: 5 * 1024 * 1024, quota: 2 * 1024 ** 3 })).toBe('This site uses 5 MB of the 2 GB this browser allows.');
    expect(storageText({})).toBeNull();
    expect(storageText(null)).toBeNull();
  });
});
