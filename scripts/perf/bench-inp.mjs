// npm run bench:inp [-- --runs N] [-- --no-build] [-- --calibrate N] [-- --port P] [-- --only TEXT]
// [-- --reduced-motion]: interaction to
// next paint of the page's first interactions on a phone (issue 26), at the same calibrated CPU as
// `npm run bench`: before each run, Lighthouse reads this machine's benchmark index (the median of
// LH_CALIBRATION_READS reads, default 3), and the page runs with Chromium's CPU throttled by
// index / 625 (the preset's 4x at an index of 2,500).
// Measured in Debian's Chromium through Playwright, on the memory build served by `vite preview`,
// at Lighthouse's phone size (412 x 823, touch), each interaction in a fresh page:
//   - the first tap on 'Continuar con Google' as soon as the page has painted: the card is
//     scrolled into view (which applies the rest of the stylesheet, as any scroll does) and
//     tapped at once, while the page is still starting (the app's script starts once the
//     browser is idle, at most a second after the first paint, or at the first touch; then the
//     islands and the backend). Per run, a '*' marks a tap that landed before the card's island
//     had hydrated (the loader records it, the island replays it); the others landed on a
//     hydrated card;
//   - opening the FAQ's first answer, the phone menu and the college selector (signed in), once
//     the page has hydrated.
//   - the control: the same first tap on a bare page (no script, no stylesheet, its button below
//     the fold), this machine's and the harness's floor, as `npm run bench -- --bare` is for
//     Lighthouse's figures.
// INP is the longest Event Timing entry of the interaction; the median run's is split into its
// input delay (from the touch to the first handler), its handlers, and the rest up to the next
// paint. '< 16' when under Event Timing's floor. Figures are printed, never asserted.
// The functions given to page.evaluate and addInitScript run in the page:
/* global window, document, requestAnimationFrame */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import {
  arg,
  CHROMIUM,
  CHROMIUM_ARGS as ARGS,
  refuseTakenPort,
  phoneContext,
  startPreview,
} from './preview-server.mjs';

const runs = Number(arg('runs', '5'));
const port = arg('port', '4198');
const calibrate = Number(arg('calibrate', '625'));
const only = arg('only', ''); // measure only the interactions whose name contains this
const reducedMotion = process.argv.includes('--reduced-motion'); // as a visitor who asked for it
const url = `http://127.0.0.1:${port}/`;
await refuseTakenPort(url);
const env = { ...process.env, VITE_BACKEND: 'memory' };
if (!process.argv.includes('--no-build'))
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit', env });

/** This machine's benchmark index, as Lighthouse 12.8.2 reads it (a first-paint-only pass). */
function benchmarkIndex() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inp-cal-'));
  try {
    execFileSync(
      'npx',
      [
        '--yes',
        'lighthouse@12.8.2',
        url,
        '--quiet',
        '--output=json',
        `--output-path=${dir}/cal.json`,
        '--only-audits=first-contentful-paint',
        `--chrome-flags=--headless ${ARGS.join(' ')} --user-data-dir=${dir}/profile`,
      ],
      { stdio: 'ignore', env: { ...process.env, CHROME_PATH: CHROMIUM ?? '' } },
    );
    return JSON.parse(fs.readFileSync(`${dir}/cal.json`, 'utf8')).environment.benchmarkIndex;
  } catch {
    return null;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** LH_CALIBRATION_READS: a whole number from 1 (default 3), as lighthouse.sh reads it. */
function calibrationReads() {
  const reads = process.env.LH_CALIBRATION_READS || '3';
  if (!/^[1-9][0-9]*$/.test(reads))
    throw new Error(`LH_CALIBRATION_READS must be 1 or more: ${reads}`);
  return Number(reads);
}

/** The median of the reads (the mean of the middle two of an even count), as lighthouse.sh. */
function calibrationIndex() {
  const reads = Array.from({ length: calibrationReads() }, benchmarkIndex)
    .filter((read) => typeof read === 'number' && read > 0)
    .sort((a, b) => a - b);
  if (!reads.length) return null;
  const middle = reads.length >> 1;
  return reads.length % 2 ? reads[middle] : (reads[middle - 1] + reads[middle]) / 2;
}

/** Records the page's interactions (Event Timing entries of 16 ms and more), from the start. */
const RECORD = () => {
  window.__interactions = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.interactionId)
        window.__interactions.push({
          duration: entry.duration,
          delay: entry.processingStart - entry.startTime,
          handlers: entry.processingEnd - entry.processingStart,
        });
    }
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 });
  // Where the first touch landed: in an island already hydrated (React handles it) or in one
  // still waiting (the loader records the press and the island replays it once hydrated).
  window.addEventListener(
    'pointerdown',
    (event) => {
      const island = event.target.closest?.('[data-hydrate]');
      window.__tapLanded = island && !island.hasAttribute('data-hydrated') ? 'early' : 'hydrated';
    },
    { capture: true, once: true },
  );
};

/**
 * The longest interaction entry since the last call, once its next paint has been reported:
 * its duration, and its parts (input delay, handlers, and the rest, up to the next paint).
 */
async function takeInp(page) {
  await page.evaluate(
    () =>
      new Promise((r) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 100))),
      ),
  );
  const all = await page.evaluate(() => window.__interactions.splice(0));
  if (!all.length) return { duration: 0, delay: 0, handlers: 0 };
  return all.reduce((a, b) => (b.duration > a.duration ? b : a));
}

/**
 * The control: a page with no script and no stylesheet, its button below the fold as the card's
 * is, served by Playwright from memory. Its first tap is this machine's and the harness's floor
 * (the input's way from the browser to the page and back to a frame), as `npm run bench -- --bare`
 * is for Lighthouse's figures.
 */
const BARE =
  '<!doctype html><html lang="es-MX"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Página mínima</title></head>' +
  '<body><main><h1>De estudiantes a estudiantes</h1><p>Una página sin nada más.</p>' +
  '<div style="height:1400px"></div><button type="button">Continuar con Google</button>' +
  '<div style="height:800px"></div></main></body></html>';

/**
 * Taps the element as a finger does: the element is found and scrolled into view first, then,
 * after a frame, a raw touch lands on its centre. Playwright's locator.tap() runs its
 * actionability checks (role queries, hit-target checks) on the page's main thread just before
 * the touch: at a 2-3x CPU slowdown that was 30-60 ms of the input delay measured.
 */
async function fingerTap(page, locator) {
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  if (!box) throw new Error('The element to tap has no box');
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

const hydrated = (page) =>
  page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'), null, {
    timeout: 60_000,
  });

/** Each interaction: how the page is prepared (unthrottled where it is set-up), then the tap. */
const INTERACTIONS = {
  'control: first tap on a bare page (no script)': async (page, throttle) => {
    const bare = `${url}bench-inp-bare`;
    await page.route(bare, (route) =>
      route.fulfill({ contentType: 'text/html; charset=utf-8', body: BARE }),
    );
    await throttle();
    await page.goto(bare, { waitUntil: 'commit' });
    await page.waitForFunction(
      () => performance.getEntriesByName('first-contentful-paint').length > 0,
    );
    await fingerTap(page, page.getByRole('button', { name: 'Continuar con Google' }));
    return takeInp(page);
  },
  'first tap on Continuar con Google (right after the first paint)': async (page, throttle) => {
    await throttle();
    await page.goto(url, { waitUntil: 'commit' });
    const button = page.getByRole('button', { name: 'Continuar con Google' });
    await page.waitForFunction(
      () => performance.getEntriesByName('first-contentful-paint').length > 0,
    );
    await fingerTap(page, button);
    const inp = { ...(await takeInp(page)), landed: await page.evaluate(() => window.__tapLanded) };
    // The press is replayed once the island hydrates: the account chooser opens.
    await page.getByRole('dialog', { name: 'Elige una cuenta' }).waitFor({ timeout: 60_000 });
    return inp;
  },
  'FAQ answer': async (page, throttle) => {
    await throttle();
    await page.goto(`${url}#faq`);
    await hydrated(page);
    await takeInp(page);
    await fingerTap(page, page.locator('#faq button[aria-expanded]').first());
    return takeInp(page);
  },
  'phone menu': async (page, throttle) => {
    await throttle();
    await page.goto(url);
    await hydrated(page);
    await takeInp(page);
    await fingerTap(page, page.getByRole('button', { name: 'Abrir menú' }));
    return takeInp(page);
  },
  'college selector (signed in)': async (page, throttle) => {
    await page.goto(`${url}#waitlist`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Continuar con Google' }).tap();
    await page.getByRole('dialog', { name: 'Elige una cuenta' }).getByRole('button').first().tap();
    const trigger = page.getByTestId('college-trigger');
    await trigger.waitFor();
    await page.waitForFunction(
      () => !document.querySelector('[data-testid="college-trigger"]')?.disabled,
    );
    await throttle();
    await takeInp(page);
    await fingerTap(page, trigger);
    return takeInp(page);
  },
};

const stopPreview = await startPreview(port, url, env);
let browser;
try {
  // Inside the try: a launch that fails still stops the preview.
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  const chosen = Object.entries(INTERACTIONS).filter(([name]) => name.includes(only));
  if (!chosen.length) throw new Error(`No interaction's name contains '${only}'`);
  const results = Object.fromEntries(chosen.map(([k]) => [k, []]));
  const slowdowns = [];
  for (let run = 1; run <= runs; run++) {
    const index = calibrationIndex();
    const rate = index ? Math.max(1, Math.round((index / calibrate) * 100) / 100) : 4;
    slowdowns.push(`${index ?? '?'}/${rate}x`);
    for (const [name, interact] of chosen) {
      const context = await browser.newContext(phoneContext({ reducedMotion }));
      const page = await context.newPage();
      await page.addInitScript(RECORD);
      await page.addInitScript(() => {
        window.__memoryBackendConfig = { latencyMs: 0 };
      });
      const cdp = await context.newCDPSession(page);
      const throttle = () => cdp.send('Emulation.setCPUThrottlingRate', { rate });
      try {
        results[name].push(await interact(page, throttle));
      } catch (error) {
        results[name].push({ duration: NaN });
        console.error(`run ${run}, ${name}: ${error.message.split('\n')[0]}`);
      }
      await context.close();
    }
  }
  const median = (xs) => {
    const s = xs.filter((x) => !Number.isNaN(x.duration)).sort((a, b) => a.duration - b.duration);
    return s.length ? s[Math.floor((s.length - 1) / 2)] : { duration: NaN };
  };
  const ms = (x) => (Number.isNaN(x) ? 'failed' : x < 16 ? '<16' : `${Math.round(x)}`);
  console.log(
    `\nINP at a phone's size, CPU calibrated to ${calibrate} (index/slowdown per run: ${slowdowns.join(' ')}), ${runs} runs${reducedMotion ? ', reduced motion' : ''}; budget < 100 ms`,
  );
  for (const [name, values] of Object.entries(results)) {
    const m = median(values);
    const parts = Number.isNaN(m.duration)
      ? ''
      : ` (input delay ${Math.round(m.delay)}, handlers ${Math.round(m.handlers)}, to the next paint ${Math.max(0, Math.round(m.duration - m.delay - m.handlers))})`;
    console.log(
      `  ${name}: median ${ms(m.duration)} ms${parts} | per run ${values.map((v) => `${ms(v.duration)}${v.landed === 'early' ? '*' : ''}`).join(' ')} ms`,
    );
  }
  console.log(
    '  (* the first tap landed before its island had hydrated: recorded by the loader, replayed)',
  );
  console.log(
    `machine load while measuring (1, 5, 15 min): ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
} finally {
  await browser?.close();
  stopPreview();
}
