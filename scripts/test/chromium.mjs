// The browser the browser tests (playwright.config.ts) and the page benches
// (scripts/perf/preview-server.mjs) run in, and its flags: one list for both.
import fs from 'node:fs';

const systemPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * Debian's Chromium where it is installed (offline machines; a non-empty CHROMIUM_PATH names
 * another), the browser scripts/test/ensure-browser.sh installs; else undefined, and Playwright
 * launches its own browser. scripts/perf/lighthouse.sh takes the same default (CHROME_PATH first).
 */
export const SYSTEM_CHROMIUM = fs.existsSync(systemPath) ? systemPath : undefined;

/** Chromium's flags for a quiet, offline-safe browser. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];
