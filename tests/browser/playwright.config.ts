// Playwright Test for the browser suites (tests/browser/**/*.spec.ts) against the embedded product and Debian's
// Chromium. The root playwright.config.ts re-exports this, so `npx playwright test` runs them from the root.
// Fixtures (a server per worker, the demo sign-in, the raw-key watcher): tests/browser/fixtures.ts.
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS, DESKTOP, root } from './helpers';

const ci = Boolean(process.env.CI);

export default defineConfig({
  testDir: __dirname,
  testMatch: '**/*.spec.ts',
  // every test on its own (a fresh context each, the data it makes named apart): spread over the workers one by one
  fullyParallel: true,
  // one embedded server per worker; two keep two cores busy (the suites spend most of their time waiting for pages).
  // BROWSER_WORKERS (or the old BROWSER_SHARDS) or --workers override it.
  workers: Number(process.env.BROWSER_WORKERS ?? process.env.BROWSER_SHARDS ?? 2),
  // the home-made runner did not retry a failed test (flaky steps are handled where they are: pickRowAction)
  retries: 0,
  forbidOnly: ci,
  timeout: 45_000,
  globalSetup: path.join(__dirname, 'global-setup.ts'),
  outputDir: path.join(root, 'tmp/browser/results'),
  reporter: [
    ['list'],
    ['html', { outputFolder: path.join(root, 'tmp/browser/report'), open: 'never' }],
    // the closing line "N passed, M failed" (read by tools/scripts/test.mjs and CI)
    [path.join(__dirname, 'summary-reporter.ts')],
  ],
  use: {
    headless: true,
    viewport: DESKTOP,
    locale: 'en-US',
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
    // kept for a failed test only; DOM snapshots and network, no screencast frames (JPEG encoding on every frame slowed
    // the sessions test past its limit on two busy cores); the failure screenshot is taken apart from it
    trace: { mode: 'retain-on-failure', snapshots: true, screenshots: false, sources: true },
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: { browserName: 'chromium', launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS } },
    },
  ],
});
