/**
 * Every module the app loads with `React.lazy` (the routes, the layout's late parts, the back
 * office's pages), imported once per worker before its first test.
 *
 * Files share a worker's modules (vitest.config.ts: `isolate: false`), and with them the app's
 * lazy components. A file that ended while one was still loading (a page that redirects to
 * /login, say) had that load cut off by its environment's teardown, and `React.lazy` kept the
 * failure: a later file of the same worker found "Something went wrong" where the login form
 * should be (`Cancel.test.tsx`, after `Payment.test.tsx`, in a clean clone's first run). Loaded
 * up front, no lazy component of a test waits for a module.
 */
const lazyModules = import.meta.glob(['/src/app/routes/**/*.tsx', '/src/app/layout/*.tsx', '/src/features/*/routes/**/*.tsx', '!**/*.test.tsx']);

/** Their paths (`/src/...`): lazy-modules.test.ts checks that every lazy import of the app is here. */
export const lazyModulePaths = Object.keys(lazyModules);

let loaded: Promise<unknown> | undefined;

export function loadLazyModules(): Promise<unknown> {
  loaded ??= Promise.all(Object.values(lazyModules).map((load) => load()));
  return loaded;
}

declare global {
  interface ImportMeta {
    /** Vite's (and so vitest's) glob import; not in the app's code, which webpack bundles. */
    glob(patterns: string[]): Record<string, () => Promise<unknown>>;
  }
}
