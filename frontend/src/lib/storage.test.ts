import { describe, expect, it } from 'vitest';
import {
  clearPendingTenDayPlan,
  clearToken,
  dismissOffer,
  getPendingTenDayPlan,
  getReferralId,
  isAuthenticated,
  isOfferDismissed,
  isPaidCookie,
  isReferralId,
  SESSION_VALIDITY_MS,
  setPendingTenDayPlan,
  setReferralId,
  setToken,
} from './storage';

describe('session validity', () => {
  it('is authenticated with a token younger than one hour', () => {
    const now = Date.now();
    setToken('t', now - (SESSION_VALIDITY_MS - 60_000));
    expect(isAuthenticated(now)).toBe(true);
  });

  it('is not authenticated once the token is an hour old', () => {
    const now = Date.now();
    setToken('t', now - SESSION_VALIDITY_MS);
    expect(isAuthenticated(now)).toBe(false);
    setToken('t', now - SESSION_VALIDITY_MS - 1);
    expect(isAuthenticated(now)).toBe(false);
  });

  it('is not authenticated without a token or without a date', () => {
    expect(isAuthenticated()).toBe(false);
    window.localStorage.setItem('token', 't');
    expect(isAuthenticated()).toBe(false);
    window.localStorage.setItem('tokenDate', 'garbage');
    expect(isAuthenticated()).toBe(false);
  });

  it('stores token and tokenDate under the spec keys and clears both', () => {
    setToken('abc', 1234);
    expect(window.localStorage.getItem('token')).toBe('abc');
    expect(window.localStorage.getItem('tokenDate')).toBe('1234');
    clearToken();
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('tokenDate')).toBeNull();
  });
});

describe('other storage', () => {
  it('keeps the offer dismissal in sessionStorage 40off=close', () => {
    expect(isOfferDismissed()).toBe(false);
    dismissOffer();
    expect(window.sessionStorage.getItem('40off')).toBe('close');
    expect(isOfferDismissed()).toBe(true);
  });

  it('reads the isPaid cookie', () => {
    expect(isPaidCookie()).toBe(false);
    document.cookie = 'isPaid=true; path=/';
    expect(isPaidCookie()).toBe(true);
  });
});

describe('referral id (rId)', () => {
  it('keeps a referral id in local storage under rId; the latest link wins', () => {
    expect(getReferralId()).toBeNull();
    expect(setReferralId('abcd_12-X')).toBe(true);
    expect(window.localStorage.getItem('rId')).toBe('abcd_12-X');
    expect(setReferralId('second1')).toBe(true);
    expect(getReferralId()).toBe('second1');
  });

  it('takes 4 to 32 letters, digits, _ or -, and nothing else', () => {
    for (const good of ['abcd', 'A1_-', 'x'.repeat(32)]) expect(isReferralId(good), good).toBe(true);
    for (const bad of ['', 'abc', 'x'.repeat(33), 'abc def', 'abc/def', 'abcé', '<script>']) expect(isReferralId(bad), bad).toBe(false);
    expect(setReferralId('no!')).toBe(false);
    expect(window.localStorage.getItem('rId')).toBeNull();
  });

  it('ignores a stored value that is not a referral id', () => {
    window.localStorage.setItem('rId', 'not an id');
    expect(getReferralId()).toBeNull();
  });
});

describe('ten-day challenge plan waiting to be saved', () => {
  it('keeps the goals and book ids in sessionStorage under tenDayGoals and tenDayBookIds, and clears both', () => {
    expect(getPendingTenDayPlan()).toBeNull();
    setPendingTenDayPlan({ goals: [2, 5], bookIds: [11, 12, 13] });
    expect(window.sessionStorage.getItem('tenDayGoals')).toBe('[2,5]');
    expect(window.sessionStorage.getItem('tenDayBookIds')).toBe('[11,12,13]');
    expect(window.localStorage.getItem('tenDayGoals')).toBeNull();
    expect(getPendingTenDayPlan()).toEqual({ goals: [2, 5], bookIds: [11, 12, 13] });
    clearPendingTenDayPlan();
    expect(window.sessionStorage.getItem('tenDayGoals')).toBeNull();
    expect(window.sessionStorage.getItem('tenDayBookIds')).toBeNull();
    expect(getPendingTenDayPlan()).toBeNull();
  });

  it('ignores a half plan or stored values that are not lists of ids', () => {
    window.sessionStorage.setItem('tenDayGoals', '[1]');
    expect(getPendingTenDayPlan()).toBeNull();
    for (const bad of ['', 'garbage', '[]', '{"a":1}', '[1,"2"]', '[0]', '[1.5]', '[-3]', 'null']) {
      window.sessionStorage.setItem('tenDayBookIds', bad);
      expect(getPendingTenDayPlan(), bad).toBeNull();
    }
    window.sessionStorage.setItem('tenDayBookIds', '[7]');
    expect(getPendingTenDayPlan()).toEqual({ goals: [1], bookIds: [7] });
  });
});
