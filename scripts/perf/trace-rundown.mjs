// npm run bench:rundown [-- --loads N] [-- --port P]: what Lighthouse's own tracing costs the
// page's main thread. Lighthouse 12.8 traces with `disabled-by-default-devtools.v8-source-rundown`
// and `...-sources`: once a script has compiled, the tracer copies its text into the trace, in a
// task of the page's main thread. This loads the built page (dist/, or DIST_DIR; build it first)
// N times each way (default 5), alternating, with Chromium's own start-up tracing and no DevTools
// attached, in a window of the phone's size (412 x 823, one device pixel per CSS pixel): with
// Lighthouse's trace categories, and with the same but those two. For each load it prints the CPU
// time of the tracer's longest rundown task (scripts/perf/trace-main.mjs, isSourceRundown), of
// all the main thread's tasks from the entry's compile to its evaluation (the rundown comes
// between them), and of the evaluation itself; medians are the mean of the middle two of an even
// count. Compare the two ways with each other only: under start-up tracing with these categories
// the entry's evaluation takes 16-20 ms here, against 3-7 ms in Lighthouse's own traces. No
// throttling: this machine's ms. Printed, never asserted.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  CHROMIUM,
  CHROMIUM_ARGS,
  arg,
  median,
  refuseTakenPort,
  startPreview,
} from './preview-server.mjs';
import { isSourceRundown, mainThread } from './trace-main.mjs';

const loads = Number(arg('loads', '5'));
const port = arg('port', '4196');
const url = `http://127.0.0.1:${port}/`;
const dist = process.env.DIST_DIR ?? 'dist';
if (!fs.existsSync(path.join(dist, 'index.html'))) {
  console.error(`no build in ${dist}/: run npm run build first (or set DIST_DIR)`);
  process.exit(2);
}
if (!CHROMIUM) {
  console.error('this script needs a system Chromium (CHROMIUM_PATH or /usr/bin/chromium)');
  process.exit(2);
}
await refuseTakenPort(url);

/** Lighthouse 12.8.2's trace categories (`lighthouse --list-trace-categories`). */
const LIGHTHOUSE = [
  '-*',
  'disabled-by-default-lighthouse',
  'loading',
  'v8',
  'v8.execute',
  'blink.user_timing',
  'blink.console',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.screenshot',
  'disabled-by-default-devtools.timeline.stack',
  'disabled-by-default-devtools.timeline.frame',
  'latencyInfo',
  'disabled-by-default-devtools.target-rundown',
  'disabled-by-default-devtools.v8-source-rundown-sources',
  'disabled-by-default-devtools.v8-source-rundown',
];
const WITHOUT = LIGHTHOUSE.filter((c) => !c.includes('v8-source-rundown'));

/** One load traced from the browser's start: the trace's events. */
async function traceLoad(categories) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trace-rundown-'));
  const file = path.join(dir, 'trace.json');
  const browser = spawn(
    CHROMIUM,
    [
      ...CHROMIUM_ARGS,
      '--headless',
      `--user-data-dir=${path.join(dir, 'profile')}`,
      '--window-size=412,823',
      `--trace-startup=${categories.join(',')}`,
      `--trace-startup-file=${file}`,
      '--trace-startup-format=json',
      '--trace-startup-duration=4',
      url,
    ],
    { stdio: 'ignore' },
  );
  try {
    // The browser stays on the page: the trace is complete once written (after 4 s), then it is
    // stopped.
    for (let waited = 0; waited < 20_000; waited += 250) {
      await sleep(250);
      const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
      if (text.trimEnd().endsWith('}')) {
        try {
          return JSON.parse(text).traceEvents;
        } catch {
          // Still being written.
        }
      }
    }
    throw new Error(`no complete trace from Chromium within 20 s (${file})`);
  } finally {
    // Stopped, and given 5 s to end before SIGKILL; one that already ended is not waited for.
    if (browser.exitCode == null && browser.signalCode == null) {
      const ended = new Promise((resolve) => browser.once('exit', resolve));
      browser.kill();
      const late = setTimeout(() => browser.kill('SIGKILL'), 5000);
      await ended;
      clearTimeout(late);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * From one load's trace (ms of CPU time): the tracer's longest source-rundown task after the first
 * paint (isSourceRundown; 0 when there is none), the entry's evaluation (the first
 * `v8.evaluateModule` after the entry's `v8.compileModule`), and all the main thread's tasks from
 * the one that compiles the entry to the one that evaluates it, both included.
 */
function figures(events) {
  const { fcp, tasks, inside } = mainThread(events);
  const cpu = (task) => (task.tdur ?? 0) / 1000;
  const rundown = tasks
    .filter((t) => t.ts >= fcp.ts && isSourceRundown(inside(t)))
    .reduce((most, t) => Math.max(most, cpu(t)), 0);
  const compiled = tasks.findIndex((t) =>
    inside(t).some(
      (e) => e.name === 'v8.compileModule' && /\/index-[\w-]+\.js$/.test(e.args?.fileName ?? ''),
    ),
  );
  const evaluated = tasks.findIndex(
    (t, i) => i >= compiled && inside(t).some((e) => e.name === 'v8.evaluateModule'),
  );
  if (compiled < 0 || evaluated < 0)
    throw new Error("the entry's compile or evaluation is not in the trace");
  const span = tasks.slice(compiled, evaluated + 1).reduce((sum, t) => sum + cpu(t), 0);
  return { rundown, evaluation: cpu(tasks[evaluated]), span };
}

const stopPreview = await startPreview(port, url, { ...process.env });
const results = { with: [], without: [] };
try {
  for (let i = 0; i < loads; i++) {
    for (const [name, categories] of [
      ['with', LIGHTHOUSE],
      ['without', WITHOUT],
    ]) {
      const events = await traceLoad(categories);
      results[name].push(figures(events));
    }
  }
} finally {
  stopPreview();
}

const fmt = (x) => (x == null ? '?' : x.toFixed(1));
for (const [name, label] of [
  ['with', "Lighthouse's trace categories"],
  ['without', 'the same without the source rundown'],
]) {
  const rs = results[name];
  console.log(`${label} (${rs.length} loads, this machine's CPU ms):`);
  for (const [key, what] of [
    ['rundown', "the tracer's longest source-rundown task (0: none)"],
    ['span', "all tasks from the entry's compile to its evaluation"],
    ['evaluation', "the entry's evaluation"],
  ]) {
    const xs = rs.map((r) => r[key]);
    console.log(`  ${what}: ${xs.map(fmt).join(' ')} (median ${fmt(median(xs))})`);
  }
}
