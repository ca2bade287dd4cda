import { defineConfig } from '@playwright/test';
import { chromiumFlags, chromiumPath } from './tests/support/chromium.mjs';

/**
 * End-to-end tests in Debian's Chromium (never a downloaded browser). The global setup builds the
 * app when needed and starts the shared server on a free port with a fresh data directory; specs
 * that need another brand or a database they can cut start servers of their own.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  // Playwright empties its output folder; keep it apart from the rest of test-results/ (scripts/test.mjs).
  outputDir: 'test-results/playwright',
  globalSetup: './tests/e2e/support/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  // scripts/test.mjs reads the counts from the JSON report it names in PLAYWRIGHT_JSON_OUTPUT_NAME.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    browserName: 'chromium',
    locale: 'de-DE',
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumFlags,
    },
  },
});
