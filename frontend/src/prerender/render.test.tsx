// @vitest-environment node
// Node, as at build time (no `window`). That hydration takes the markup over without a mismatch is
// a browser test (e2e/prerendered.spec.ts): a server render and a client render in one process
// share React's context slots, so they cannot be checked together here.
import { describe, expect, it } from 'vitest';
import { prerenderPage, PRERENDERED_PAGES } from './render';

describe('prerendered pages', () => {
  it('are the landing page and the catalogue', () => {
    expect(PRERENDERED_PAGES).toEqual([
      { path: '/', file: 'index.html', chunk: 'route-landing' },
      { path: '/books', file: 'books.html', chunk: 'route-books' },
    ]);
  });

  it('draw the landing page without data: the signed-out header, the page, the footer', async () => {
    const landing = await prerenderPage('/');
    expect(landing).toContain('The big ideas of great books, in <span class="highlight">15 minutes</span>.');
    expect(landing).toContain('href="/login"');
    // The offer banner comes from the server's running offer, never from the build.
    expect(landing).not.toContain('Special offer');
    expect(landing).toContain('class="site-footer"');
    // No route fallback (the spinner) is left in: every lazy route was waited for, and every
    // boundary is inline, with no script (the CSP allows none inline).
    expect(landing).not.toContain('role="status"');
    expect(landing).not.toMatch(/<script|<template/);
  });

  it('draw the catalogue with skeletons where its lists go', async () => {
    const books = await prerenderPage('/books');
    expect(books).toMatch(/<a aria-current="page" class="active" href="\/books"/);
    expect(books).not.toContain('The big ideas of great books');
    expect(books).toContain('skeleton');
    expect(books).not.toMatch(/<script|<template/);
  });
});
