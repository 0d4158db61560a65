import { defineConfig, devices } from '@playwright/test';

// The servers (API + built app) are started by `cargo xtask test` / `cargo xtask e2e`, one per
// worker, each on its own copy of the seeded database; e2e/fixtures.ts points each worker's tests
// at its own (E2E_SERVERS), so `baseURL` is set there, not here.

export default defineConfig({
  testDir: './e2e',
  // Every test makes its own members and books, so tests (not only files) spread over the workers.
  fullyParallel: true,
  // xtask passes --workers=N, with N servers in E2E_SERVERS.
  workers: 1,
  // No retries: a test that fails once fails the run, and its cause gets fixed.
  retries: 0,
  reporter: process.env.E2E_JSON_REPORT ? [['list'], ['json', { outputFile: process.env.E2E_JSON_REPORT }]] : 'list',
  // Two cores shared by three workers and the suite's other stages: room for a busy machine.
  timeout: 90_000,
  // A CI machine slower than ours took over 10 s to show a signed-in page while three workers
  // signed members up at once (argon2 hashes beside lazy route chunks); the checks wait on
  // conditions, so a longer bound costs nothing when the page is fast. Actions wait for the same
  // conditions (an element to appear and be enabled): the same bound, after the back office's book
  // form took over 10 s to show its goals while the API fuzzing ran beside the browser stage.
  expect: { timeout: 20_000 },
  use: {
    // A failed test keeps its trace: each action's DOM snapshot, the network and the console. Not
    // its screencast: recording every test's frames (all are recorded, the passing ones' thrown
    // away) took a third of the browser stage's time (330 s against 223 s without traces; 250 s
    // with snapshots only), and the failure's screenshot below shows the page as it was.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    actionTimeout: 20_000,
    navigationTimeout: 20_000,
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          // Debian's chromium-headless-shell (the same source and version as its chromium), as
          // Playwright itself uses for headless runs: the same Blink and V8 without the full
          // browser's display compositor and UI, 30 % less CPU and wall time for the same tests
          // (docs/testing.md). Installed by `cargo xtask test` with apt, never downloaded.
          executablePath: '/usr/bin/chromium-headless-shell',
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
});
