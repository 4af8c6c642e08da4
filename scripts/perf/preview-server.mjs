// What the page benches share (bench.mjs, bench-inp.mjs, bench-main-thread.mjs, trace-rundown.mjs):
// their command line, the browser they measure in, `vite preview` serving the build on a port of
// their own, and the median they print.
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

/** The value after `--NAME` on the command line, or `fallback`. */
export const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};

/** The median of the numbers in `xs` (null, undefined and NaN left out; null when none): the mean
 * of the middle two of an even count. */
export const median = (xs) => {
  const s = xs.filter((x) => x != null && !Number.isNaN(x)).sort((a, b) => a - b);
  if (!s.length) return null;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** The browser and its flags: the browser tests' own (scripts/test/chromium.mjs). */
export { SYSTEM_CHROMIUM as CHROMIUM, CHROMIUM_ARGS } from '../test/chromium.mjs';

/** A browser context the size of Lighthouse's phone (412 x 823, touch, 1.75 device pixels). */
export const phoneContext = ({ reducedMotion = false } = {}) => ({
  reducedMotion: reducedMotion ? 'reduce' : 'no-preference',
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  locale: 'es-MX',
});

/**
 * Throws when something already answers at `url`. A server left on the port would answer for the
 * preview (which then fails on --strictPort), and the bench would measure whatever it serves.
 * Checked before building; a port that holds the request without answering counts as taken.
 */
export async function refuseTakenPort(url) {
  const taken = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
    () => true,
    (error) => error.name === 'TimeoutError',
  );
  if (taken) throw new Error(`Something already answers on ${url}: stop it, or use another --port`);
}

/**
 * Serves the build with `vite preview` on `port` (its environment `env`, e.g. DIST_DIR) and waits
 * until `url` answers (30 s at most). Returns a function that stops the server.
 */
export async function startPreview(port, url, env) {
  const server = spawn(
    'npx',
    ['vite', 'preview', '--host', '127.0.0.1', '--port', port, '--strictPort'],
    { stdio: 'ignore', env, detached: true },
  );
  const stop = () => {
    try {
      process.kill(-server.pid);
    } catch {
      // already gone
    }
  };
  for (let i = 0; i < 60; i++) {
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return stop;
    await sleep(500);
  }
  stop();
  throw new Error(`vite preview did not answer on ${url} within 30 s`);
}
