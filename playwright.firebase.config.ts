import { defineConfig, devices } from '@playwright/test';
import base from './playwright.config';

/**
 * End-to-end tests of the Firebase build (dist-firebase/, built by scripts/test/test-firebase.sh and
 * pointed at the local emulators) in Chromium. Run under `firebase emulators:exec --only
 * auth,functions`; the Firestore REST fake and the Algolia fake start in the global setup.
 */
const PORT = 4174;

export default defineConfig({
  ...base,
  testDir: 'tests/browser/firebase',
  outputDir: 'test-results/e2e-firebase',
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright-firebase.json' }]],
  fullyParallel: false,
  workers: 1,
  globalSetup: './tests/browser/firebase/global-setup.ts',
  use: { ...base.use, baseURL: `http://127.0.0.1:${PORT}` },
  // Desktop Chrome only (the base config's phone project runs the memory build's tests).
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: `npx vite preview --host 127.0.0.1 --port ${PORT} --strictPort --outDir dist-firebase`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
