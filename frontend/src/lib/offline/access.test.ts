// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { accessForSave, checkOnline, lapsedOffline, lapseMessage } from './access';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 27);

describe('accessForSave', () => {
  it('a premium book saved under a plan keeps the end of the plan (none for lifetime)', () => {
    expect(accessForSave(false, { isPaid: true, endPaidDate: NOW + 30 * DAY })).toEqual({ premium: true, accessUntil: NOW + 30 * DAY });
    expect(accessForSave(false, { isPaid: true, endPaidDate: null })).toEqual({ premium: true, accessUntil: null });
  });

  it('free books, and books a free member owns on their own, never lapse', () => {
    expect(accessForSave(true, { isPaid: true, endPaidDate: NOW })).toEqual({ premium: false, accessUntil: null });
    expect(accessForSave(false, { isPaid: false, endPaidDate: null })).toEqual({ premium: false, accessUntil: null });
    expect(accessForSave(false, null)).toEqual({ premium: false, accessUntil: null });
  });
});

describe('lapsedOffline (an offline start compares the kept end with the clock)', () => {
  it('lapses once the end has passed, not before', () => {
    expect(lapsedOffline({ premium: true, accessUntil: NOW - 1 }, NOW)).toBe(true);
    expect(lapsedOffline({ premium: true, accessUntil: NOW }, NOW)).toBe(true);
    expect(lapsedOffline({ premium: true, accessUntil: NOW + 1 }, NOW)).toBe(false);
  });

  it('never for lifetime or non-premium saves', () => {
    expect(lapsedOffline({ premium: true, accessUntil: null }, NOW)).toBe(false);
    expect(lapsedOffline({ premium: false, accessUntil: NOW - DAY }, NOW)).toBe(false);
  });
});

describe('checkOnline (an online start asks the server)', () => {
  it('a premium save lapses when the member has no Premium any more, whatever end was kept', () => {
    expect(checkOnline({ premium: true, accessUntil: NOW + DAY }, { isPaid: false, endPaidDate: null }).lapsed).toBe(true);
  });

  it('a renewal moves the kept end on', () => {
    expect(checkOnline({ premium: true, accessUntil: NOW - DAY }, { isPaid: true, endPaidDate: NOW + 30 * DAY })).toEqual({
      lapsed: false,
      accessUntil: NOW + 30 * DAY,
    });
  });

  it('non-premium saves stay', () => {
    expect(checkOnline({ premium: false, accessUntil: null }, { isPaid: false, endPaidDate: null })).toEqual({ lapsed: false, accessUntil: null });
  });
});

describe('lapseMessage', () => {
  it('says how many books went and why', () => {
    expect(lapseMessage(1)).toBe('Your Premium access has ended, so 1 saved book was removed from this device. Renew Premium to save books again.');
    expect(lapseMessage(3)).toContain('3 saved books were removed');
  });
});
