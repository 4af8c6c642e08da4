import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, SYSTEM_CHROMIUM } from './scripts/test/chromium.mjs';

const PORT = Number(process.env.E2E_PORT ?? 4173);

export default defineConfig({
  testDir: 'tests/browser/memory',
  testMatch: '**/*.e2e.ts',
  outputDir: 'test-results/e2e',
  fullyParallel: true,
  // A test.only left in a commit fails CI instead of silently skipping the rest.
  forbidOnly: !!process.env.CI,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // A trace records snapshots and screenshots at every step: recorded for every test, it took
    // much of a two-core machine's CPU from the pages under test, which then missed their 7 s
    // (issue 27). A failure is retried once in CI, with its trace.
    trace: 'on-first-retry',
    // Debian's Chromium where it is installed (offline machines), Playwright's own elsewhere.
    launchOptions: {
      ...(SYSTEM_CHROMIUM ? { executablePath: SYSTEM_CHROMIUM } : {}),
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'] } },
    // A phone: Pixel 7's viewport (412 × 839), touch, mobile user agent and device scale, in
    // Chromium. The landing and waitlist tests run here too; the few that are about a desktop
    // width or a precise timing skip themselves on it (`test.skip(isMobile, reason)`).
    {
      name: 'phone',
      testMatch:
        /(landing|waitlist|privacy-notice|my-entry|campus|campus-launch|campus-page|campus-poster|mail|verification|card-steps|operator-console)\.e2e\.ts$/,
      use: { ...devices['Pixel 7'], defaultBrowserType: 'chromium' },
    },
  ],
  webServer: {
    // The production build (npm run build) of the memory backend, as students get it.
    command: `npx vite preview --host 127.0.0.1 --port ${PORT} --strictPort`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
