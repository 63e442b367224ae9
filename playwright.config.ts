import { availableParallelism } from 'node:os';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, E2E_BASE_URL } from './e2e/server';

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  // A worker a core this process may use (taskset included): on one core, two workers only wait for each other.
  workers: availableParallelism(),
  retries: 0,
  // Three times what the longest tests take on the slowest machine CI has run on (each file's own limits likewise).
  timeout: 180_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['./scripts/timings-reporters/playwright.ts']],
  globalSetup: './e2e/global-setup.ts',
  use: {
    ...devices['Desktop Chrome'],
    baseURL: E2E_BASE_URL,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
