// node scripts/perf/trace-tasks.mjs DIR [--min MS]: what the long tasks after the first paint are,
// read from the traces Lighthouse saved (`LH_OUT_DIR=DIR LH_SAVE_ASSETS=1 npm run bench`).
// For each mobile run: its CPU slowdown, then every main-thread task after the first contentful
// paint that lasts at least MS (default 35) once slowed down, with its time on this machine, the
// scripts it ran and where its time went (style, layout, paint, script...). Lighthouse's
// simulation multiplies each task's duration by the slowdown: a task of 20 ms here is 50 ms at
// 2.5x. Each task's CPU time (the main thread's time on a core) is printed beside it: a task whose
// wall time is mostly not CPU time waited, for a core the host's other work took (the browser and
// GPU processes drawing each frame and encoding its screenshot for the trace, Lighthouse itself)
// or for something outside the trace; `npm run bench:main-thread` measures the page's CPU time
// alone. Printed, never asserted.
import fs from 'node:fs';
import path from 'node:path';
import { isSourceRundown, mainThread } from './trace-main.mjs';

const dir = process.argv[2];
if (!dir || !fs.existsSync(dir)) {
  console.error('usage: node scripts/perf/trace-tasks.mjs DIR [--min MS]');
  process.exit(2);
}
const i = process.argv.indexOf('--min');
const minSimulated = i > 0 ? Number(process.argv[i + 1]) : 35;
/** Wrappers around the work itself: left out of the breakdown. */
const WRAPPERS =
  /^(ThreadControllerImpl|RunTask|BlinkScheduler|ThreadPool|SimpleWatcher|Receive mojo)/;

const traces = fs
  .readdirSync(dir)
  .filter((f) => /^mobile-run-\d+-0\.trace\.json$/.test(f))
  .sort((a, b) => parseInt(a.slice(11), 10) - parseInt(b.slice(11), 10)); // run-2 before run-10
for (const file of traces) {
  const report = JSON.parse(
    fs.readFileSync(path.join(dir, file.replace('-0.trace.json', '.json')), 'utf8'),
  );
  const slowdown = report.configSettings.throttling.cpuSlowdownMultiplier;
  const { traceEvents: events } = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  let thread;
  try {
    thread = mainThread(events);
  } catch (error) {
    console.log(`${file}: ${error.message}`);
    continue;
  }
  const { fcp, tasks, inside: within } = thread;
  const start = events.find((e) => e.name === 'navigationStart' && e.pid === fcp.pid)?.ts ?? 0;
  const ms = (us) => (us / 1000).toFixed(1);
  console.log(
    `${file}: slowdown ${slowdown}x, first contentful paint at ${ms(fcp.ts - start)} ms (this machine's time)`,
  );
  const long = tasks.filter((e) => e.ts >= fcp.ts && (e.dur / 1000) * slowdown >= minSimulated);
  if (!long.length) console.log(`  no task of ${minSimulated} ms or more once slowed down`);
  for (const task of long) {
    const inside = within(task);
    // Each kind of work once: an event nested in another of the same name (a layer's Paint
    // inside the document's) is not counted again.
    const time = new Map();
    const last = new Map();
    for (const e of inside) {
      if (WRAPPERS.test(e.name)) continue;
      const outer = last.get(e.name);
      if (outer && e.ts + e.dur <= outer.ts + outer.dur) continue;
      last.set(e.name, e);
      time.set(e.name, (time.get(e.name) ?? 0) + e.dur);
    }
    const where = [...time]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([name, us]) => `${name} ${ms(us)}`)
      .join(', ');
    const scripts = [
      ...new Set(
        inside
          .map((e) => e.args?.data?.url)
          .filter((u) => typeof u === 'string' && /\.js$/.test(u))
          .map((u) => u.split('/').pop()),
      ),
    ].join(' ');
    const cpu = task.tdur == null ? '' : ` (CPU ${ms(task.tdur)})`;
    const tracer = isSourceRundown(inside) ? " [Lighthouse's source rundown]" : '';
    console.log(
      `  at ${ms(task.ts - start)} ms: ${ms(task.dur)} ms here${cpu}, ${Math.round((task.dur / 1000) * slowdown)} ms slowed` +
        `${scripts ? ` | ${scripts}` : ''} | ${where}${tracer}`,
    );
  }
}
