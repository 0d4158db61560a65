// @vitest-environment node
// Node, as at build time (no `window`). That hydration takes the markup over without a mismatch is
// a browser test (e2e/prerendered.spec.ts): a server render and a client render in one process
// share React's context slots, so they cannot be checked together here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { prerenderPage, PRERENDERED_PAGES, ROUTE_SHELLS } from './render';

describe('prerendered pages', () => {
  it('are the landing page, the catalogue and the pricing page', () => {
    expect(PRERENDERED_PAGES).toEqual([
      { path: '/', file: 'index.html', chunk: 'route-landing' },
      { path: '/books', file: 'books.html', chunk: 'route-books' },
      { path: '/pricing', file: 'pricing.html', chunk: 'route-pricing' },
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

describe('the pricing page, prerendered', () => {
  it('draws its heading and lead, and says the plans are loading', async () => {
    const pricing = await prerenderPage('/pricing');
    expect(pricing).toContain('<h1 class="page__title">Unlock every book summary</h1>');
    expect(pricing).toContain('Start with a 3-day free trial.');
    expect(pricing).toContain('Loading the plans…');
    // Nothing a query or a member would change: no alert, no plan.
    expect(pricing).not.toContain('You have used up your free summaries');
    expect(pricing).not.toContain('aria-label="Plans"');
    expect(pricing).not.toMatch(/<script|<template/);
  });
});

describe('route shells', () => {
  // The router's source: which chunk each lazy page is in, and which page each path draws.
  const router = readFileSync(new URL('../app/router.tsx', import.meta.url), 'utf8');
  const chunkOf = new Map([...router.matchAll(/const (\w+) = lazy\(\(\) => import\(\/\* webpackChunkName: "([\w-]+)" \*\//g)].map((m) => [m[1], m[2]]));
  const routes = [...router.matchAll(/path: '([^']*)',\s*element:\s*\(?\s*(?:<ProtectedRoute[^>]*>\s*)?<(\w+)/g)].map((m) => ({ path: m[1], page: m[2] }));

  it('read the router: every page it lazily loads, and the paths that draw them', () => {
    expect(chunkOf.get('Pricing')).toBe('route-pricing');
    expect(routes).toContainEqual({ path: 'payment/:planId', page: 'Payment' });
    expect(routes).toContainEqual({ path: 'account/security', page: 'AccountSecurity' });
  });

  it.each(ROUTE_SHELLS)('$segment: every path under it is drawn by $chunk', ({ segment, chunk }) => {
    const under = routes.filter((route) => route.path.split('/')[0] === segment);
    expect(under.length).toBeGreaterThan(0);
    for (const route of under) expect(chunkOf.get(route.page), route.path).toBe(chunk);
  });

  it('are plain path segments, each named once', () => {
    const segments = ROUTE_SHELLS.map((shell) => shell.segment);
    expect(new Set(segments).size).toBe(segments.length);
    for (const segment of segments) expect(segment).toMatch(/^[a-z0-9-]+$/);
  });
});
