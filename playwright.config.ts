import { defineConfig } from '@playwright/test';

/** Browser tests drive Debian's Chromium against the real built app and API (`npm start`'s server). */
export const E2E_PORT = 3100;

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Each spec starts its own shop in beforeAll: a first start on a busy machine takes tens of seconds.
  timeout: 90_000,
  // Pages are waited for, never slept on: on a loaded 2-core machine a screen can take seconds to appear, so
  // every expectation gets a generous limit (a passing test pays nothing for it).
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
    trace: 'retain-on-failure',
  },
  globalSetup: './e2e/support/global-setup.ts',
});
