import { test as base } from '@playwright/test';

/**
 * The browser tests run in parallel workers, each against a server of its own on its own copy of
 * the seeded database, with its own mail outbox (`cargo xtask test` starts them and passes
 * E2E_SERVERS). A worker's tests therefore never meet another worker's rows, mail or settings.
 * Every spec imports `test` and `expect` from here: `baseURL` (for `page`, `request` and new
 * contexts) is the worker's server.
 */
export interface TestServer {
  baseURL: string;
  /** Where the server writes its mail as .eml files. */
  outbox: string;
  /** Its database, for the few checks and set-ups no call offers. */
  databaseUrl: string;
}

function servers(): TestServer[] {
  const described = process.env.E2E_SERVERS;
  if (described) return (JSON.parse(described) as { servers: TestServer[] }).servers;
  // One server started by hand (`cargo xtask run`): its defaults.
  return [
    {
      baseURL: process.env.BASE_URL ?? 'http://127.0.0.1:4000',
      outbox: process.env.OUTBOX_DIR ?? new URL('../../.local/outbox', import.meta.url).pathname,
      databaseUrl: process.env.E2E_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:54329/gistbook',
    },
  ];
}

/** This worker's server (Playwright numbers its worker slots 0..workers-1). */
export function testServer(): TestServer {
  const all = servers();
  const index = Number(process.env.TEST_PARALLEL_INDEX ?? '0');
  const server = all[index];
  if (!server) throw new Error(`no test server for worker ${index}: E2E_SERVERS describes ${all.length}`);
  return server;
}

export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern.
  baseURL: async ({}, use) => {
    await use(testServer().baseURL);
  },
});

export { expect } from '@playwright/test';
export type { APIRequestContext, Browser, Locator, Page, Request } from '@playwright/test';
