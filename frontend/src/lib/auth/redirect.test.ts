// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { returnPathOf, withRedirect } from './redirect';

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
});
