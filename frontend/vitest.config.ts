import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  test: {
    // A DOM by default; tests of pure modules say `// @vitest-environment node` on their first
    // line and skip building one.
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    // Stubbed globals and env variables go back after each test (files share a worker).
    unstubGlobals: true,
    unstubEnvs: true,
    testTimeout: 20_000,
    // A worker imports and transforms the app's modules once for all its files, instead of once
    // per file; src/testing/setup.ts resets what a test can leave behind (DOM, storage, cookies,
    // request handlers, the API client's state) after every test.
    isolate: false,
    // Three workers on two cores: a test's waits (transitions, debounces) leave a core idle.
    maxWorkers: 3,
  },
});
