import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * End-to-end tests of the Supabase build (dist-supabase/, built by scripts/test/test-supabase.sh with
 * .env.supabase) in Chromium. The global setup starts the Supabase stand-in on 127.0.0.1:54321
 * over a fresh copy of the migrated PostgreSQL 15 database.
 */
const PORT = 4373;

export default defineConfig({
  ...base,
  testDir: 'tests/browser/supabase',
  outputDir: 'test-results/e2e-supabase',
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright-supabase.json' }]],
  fullyParallel: false,
  workers: 1,
  globalSetup: './tests/browser/supabase/global-setup.ts',
  use: { ...base.use, baseURL: `http://127.0.0.1:${PORT}` },
  webServer: {
    command: `npx vite preview --host 127.0.0.1 --port ${PORT} --strictPort --outDir dist-supabase`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
