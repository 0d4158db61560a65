import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { resetClientState } from '@/lib/api/client';
import { loadLazyModules } from './lazy-modules';
import { server } from './server';

// Lazy route chunks and a busy 2-core machine (the suite's other stages run beside these tests):
// be patient with async queries. A wait ends as soon as its condition holds.
configure({ asyncUtilTimeout: 10_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

// A test file may run in Node instead of jsdom (`// @vitest-environment node`): no browser to reset.
const inBrowser = typeof window !== 'undefined';

// Once per worker: no test's lazy component is left loading when its file ends (lazy-modules.ts).
beforeAll(async () => {
  if (inBrowser) await loadLazyModules();
}, 60_000);

afterEach(() => {
  if (inBrowser) {
    cleanup();
    // Files share a worker's document (vitest.config.ts: isolate false): nothing a test put there
    // by hand outlives it.
    document.body.innerHTML = '';
    document.title = '';
  }
  server.resetHandlers();
  resetClientState();
  if (!inBrowser) return;
  window.localStorage.clear();
  window.sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
});

afterAll(() => server.close());

// jsdom has no scrollTo implementation.
if (inBrowser) window.scrollTo = () => undefined;
