import { describe, expect, it } from 'vitest';
import { clearToken, isAuthenticated, isOfferDismissed, dismissOffer, isPaidCookie, SESSION_VALIDITY_MS, setToken } from './storage';

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
