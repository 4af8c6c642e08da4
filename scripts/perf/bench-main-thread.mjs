// npm run bench:main-thread [-- --runs N] [-- --no-build] [-- --port P] [-- --reduced-motion]:
// the page's own work on its main thread after the first contentful paint (issue 26), as CPU time
// (the thread's time on the processor), not as wall time.
// Lighthouse times each task by the wall clock: on a busy host a task the thread spends waiting
// for a core looks long. In the stop 38 traces the tasks that reached 50 ms once slowed down had
// 1.6-6.6 ms of CPU time in 17.8-43.7 ms of wall time: the host's other work (the browser and GPU
// processes drawing and encoding each frame's screenshot, Lighthouse itself) competed for the
// two cores.
// This bench reads each main-thread task's thread time from Chromium's trace instead, so its
// figures move with what the page does, and much less with what the host does beside it.
// Measured in Debian's Chromium through Playwright, on the memory build served by `vite preview`,
// at Lighthouse's phone size (412 x 823, touch, 1.75 device pixels), each run a fresh page traced
// for 6 s after the first contentful paint, without CPU throttling: the figures are this
// machine's milliseconds (multiply by the calibrated slowdown, about 2-3x here, for a phone's).
// Per run and as medians, for the start-up (the first 2 s after the first contentful paint) and
// the 4 s after it: the main thread's CPU time, by kind of work, its wall time in tasks and the
// share of it the thread was not running, the task with the most CPU time (and its wall time) and
// the frames the main thread committed. Medians of an even count are the mean of the middle two.
// Through Playwright the entry's evaluation is about 30 ms longer than on a page without DevTools
// (V8 reparses the entry for source positions, most likely for the stacks of the errors React DOM
// creates as it loads, which DevTools' Runtime domain has V8 record in full). It is the
// start-up's longest task here; without DevTools it takes 3-4 ms (docs/performance.md).
// Figures are printed, never asserted.
import { execFileSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from '@playwright/test';
import {
  arg,
  CHROMIUM,
  CHROMIUM_ARGS,
  median,
  phoneContext,
  refuseTakenPort,
  startPreview,
} from './preview-server.mjs';
import { mainThread } from './trace-main.mjs';

const runs = Number(arg('runs', '8'));
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be 1 or more: ${runs}`);
const port = arg('port', '4197');
const reducedMotion = process.argv.includes('--reduced-motion');
const url = `http://127.0.0.1:${port}/`;
/** The two windows, in ms after the first contentful paint. */
const WINDOWS = [
  ['start-up (first 2 s)', 0, 2000],
  ['the 4 s after', 2000, 6000],
];
/** Kinds of work, by the trace event that does it; the rest of a task's CPU time is 'other'. */
const KINDS = [
  [
    'script',
    /^(v8\.|FunctionCall|EvaluateScript|TimerFire|FireAnimationFrame|FireIdleCallback|EventDispatch|RunMicrotasks|V8\.)/,
  ],
  ['style', /^UpdateLayoutTree$/],
  ['layout', /^Layout$/],
  ['paint', /^(PrePaint|Paint|Layerize|Commit)$/],
  ['parse', /^(ParseHTML|ParseAuthorStyleSheet)$/],
];

await refuseTakenPort(url);
const env = { ...process.env, VITE_BACKEND: 'memory' };
if (!process.argv.includes('--no-build'))
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit', env });

/** One run's figures for each window, read from the trace of the renderer's main thread. */
function measure(events) {
  const { fcp, tasks, inside } = mainThread(events);
  if (!tasks.some((e) => e.tdur != null))
    throw new Error(
      'no thread time (tdur) on the main thread tasks: this Chromium does not record it',
    );
  return WINDOWS.map(([, from, to]) => {
    // A task belongs to the window it starts in, and all the work inside it with it.
    const mine = tasks.filter((e) => e.ts >= fcp.ts + from * 1000 && e.ts < fcp.ts + to * 1000);
    const cpuOf = (e) => e.tdur ?? 0; // no thread time: counted as none, never as wall time
    const cpu = mine.reduce((sum, e) => sum + cpuOf(e), 0) / 1000;
    const wall = mine.reduce((sum, e) => sum + e.dur, 0) / 1000;
    const longest = mine.reduce((a, e) => (a && cpuOf(a) >= cpuOf(e) ? a : e), null);
    const kinds = Object.fromEntries(KINDS.map(([kind]) => [kind, 0]));
    let frames = 0;
    for (const task of mine) {
      // Each task's work goes to the kind of its outermost named event: style or layout forced
      // by a script counts as script, a Paint nested in a Paint once.
      let covered = -1;
      for (const e of inside(task)) {
        if (e.name === 'Commit') frames++;
        if (e.ts < covered) continue;
        const kind = KINDS.find(([, re]) => re.test(e.name))?.[0];
        if (!kind) continue;
        covered = e.ts + e.dur;
        kinds[kind] += cpuOf(e) / 1000;
      }
    }
    const named = Object.values(kinds).reduce((a, b) => a + b, 0);
    kinds.other = Math.max(0, cpu - named);
    return {
      cpu,
      wall,
      waiting: wall > 0 ? (wall - cpu) / wall : 0,
      longestCpu: longest ? cpuOf(longest) / 1000 : 0,
      longestWall: longest ? longest.dur / 1000 : 0,
      frames,
      kinds,
    };
  });
}

const stopPreview = await startPreview(port, url, env);
let browser;
try {
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const results = [];
  for (let run = 1; run <= runs; run++) {
    const context = await browser.newContext(phoneContext({ reducedMotion }));
    const page = await context.newPage();
    await browser.startTracing(page, {
      categories: [
        'toplevel',
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'loading',
        'blink.user_timing',
      ],
    });
    await page.goto(url);
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length);
    const fcp = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0].startTime,
    );
    const now = await page.evaluate(() => performance.now());
    await sleep(Math.max(0, fcp + WINDOWS.at(-1)[2] - now) + 200);
    const { traceEvents } = JSON.parse((await browser.stopTracing()).toString());
    results.push(measure(traceEvents));
    await context.close();
  }
  const ms = (x) => x.toFixed(1);
  console.log(
    `\nMain thread after the first contentful paint, memory build, phone size, no CPU throttling` +
      ` (this machine's ms), ${runs} runs${reducedMotion ? ', reduced motion' : ''}`,
  );
  WINDOWS.forEach(([name], w) => {
    const rows = results.map((r) => r[w]);
    const line = (label, pick, show = ms, withMedian = true) => {
      const values = rows.map(pick);
      const tail = withMedian ? ` (median ${show(median(values))})` : '';
      console.log(`  ${label.padEnd(22)} ${values.map(show).join(' ')}${tail}`);
    };
    console.log(`\n${name}`);
    line('CPU time, ms', (r) => r.cpu);
    for (const kind of [...KINDS.map(([k]) => k), 'other']) line(`  ${kind}`, (r) => r.kinds[kind]);
    line('wall time in tasks', (r) => r.wall);
    line(
      'not running, share',
      (r) => r.waiting,
      (x) => `${Math.round(x * 100)}%`,
    );
    line('longest task, CPU', (r) => r.longestCpu);
    line('  its wall time', (r) => r.longestWall, ms, false);
    line('frames committed', (r) => r.frames, String);
  });
} finally {
  await browser?.close();
  stopPreview();
}
