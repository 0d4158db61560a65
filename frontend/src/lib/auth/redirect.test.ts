// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { returnPathOf, signInPath, withRedirect } from './redirect';

describe('returnPathOf: where signing in from a page comes back to', () => {
  it('is the page itself, with its query', () => {
    expect(returnPathOf('/books/meditations', '')).toBe('/books/meditations');
    expect(returnPathOf('/books', '?sort=newest')).toBe('/books?sort=newest');
  });

  it('is nothing from the landing page', () => {
    expect(returnPathOf('/', '?ref=abc')).toBeNull();
  });

  it('keeps the page a sign-in page was asked to return to, and only a same-site one', () => {
    expect(returnPathOf('/login', '?redirect=%2Fbooks%2Fwalden')).toBe('/books/walden');
    expect(returnPathOf('/signup', '')).toBeNull();
    expect(returnPathOf('/login', '?redirect=https%3A%2F%2Fevil.example')).toBeNull();
    expect(returnPathOf('/reset-password/a%40b.co/code', '')).toBeNull();
  });

  it('goes into the link as ?redirect=', () => {
    expect(withRedirect('/signup', returnPathOf('/books/walden', ''))).toBe('/signup?redirect=%2Fbooks%2Fwalden');
  });

  it('is nothing from /logout (signing in would sign out again)', () => {
    expect(returnPathOf('/logout', '')).toBeNull();
    expect(signInPath({ pathname: '/logout', search: '' })).toBe('/login');
  });

  it('never carries a sign-in token', () => {
    expect(returnPathOf('/home', '?token=secret')).toBe('/home');
    expect(returnPathOf('/signup', '?redirect=%2Fhome')).toBe('/home');
    expect(returnPathOf('/books', '?token=secret&sort=newest')).toBe('/books?sort=newest');
  });
});

describe('signInPath: log in (or sign up) and come back, by the same rule', () => {
  it('is /login?redirect=<the page and its query>', () => {
    expect(signInPath({ pathname: '/refer-a-friend', search: '' })).toBe('/login?redirect=%2Frefer-a-friend');
    expect(signInPath({ pathname: '/ten-day-challenge', search: '' })).toBe('/login?redirect=%2Ften-day-challenge');
    expect(signInPath({ pathname: '/my-progress', search: '?tab=skills' }, 'signup')).toBe('/signup?redirect=%2Fmy-progress%3Ftab%3Dskills');
  });
});
