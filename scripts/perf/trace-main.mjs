// The page's main thread in a Chromium trace, as the perf scripts read it (lighthouse.sh,
// trace-tasks.mjs, bench-main-thread.mjs).

/**
 * The first contentful paint and the main-thread events (complete events, 'X') of the renderer
 * that painted it, sorted by start, an outer event before the ones inside it; `tasks` are its
 * RunTask events, and `inside(task)` the events within one of them, in that order. Throws when the
 * trace has no such paint or thread: a bench must never read a missing trace as a page that did
 * nothing.
 */
export function mainThread(events) {
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  if (!fcp) throw new Error('no first contentful paint in the trace');
  const main = events.find(
    (e) => e.name === 'thread_name' && e.pid === fcp.pid && e.args.name === 'CrRendererMain',
  );
  if (!main) throw new Error('no renderer main thread (CrRendererMain) in the trace');
  const onMain = events
    .filter((e) => e.pid === fcp.pid && e.tid === main.tid && e.ph === 'X')
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const inside = (task) => {
    let lo = 0; // the first event that starts at the task's start or later
    for (let hi = onMain.length; lo < hi;) {
      const mid = (lo + hi) >> 1;
      if (onMain[mid].ts < task.ts) lo = mid + 1;
      else hi = mid;
    }
    const found = [];
    for (let i = lo; i < onMain.length && onMain[i].ts <= task.ts + task.dur; i++)
      if (onMain[i] !== task && onMain[i].ts + onMain[i].dur <= task.ts + task.dur)
        found.push(onMain[i]);
    return found;
  };
  return { fcp, onMain, tasks: onMain.filter((e) => e.name === 'RunTask'), inside };
}

/** The events of a rundown task: the copies, and V8's compile events beside them. */
const RUNDOWN_ONLY = /^(ScriptCatchup|v8\.compile|v8\.compileModule)$/;

/**
 * Whether a task is the tracer's source rundown: Lighthouse traces with
 * `disabled-by-default-devtools.v8-source-rundown(-sources)`, and once a script has compiled the
 * tracer copies its text into the trace (`ScriptCatchup` events) in a task of the page's main
 * thread, which a phone never runs (its cost: `npm run bench:rundown`, docs/performance.md). A task
 * holding anything else (a script run, a style, a layout, a paint...) is never the tracer's, even
 * with a rundown inside it.
 */
export function isSourceRundown(inside) {
  return (
    inside.some((e) => e.name === 'ScriptCatchup') && inside.every((e) => RUNDOWN_ONLY.test(e.name))
  );
}

/**
 * The most CPU time (the thread's time on a core, `tdur`) of one main-thread task that starts at
 * or after the first contentful paint, in ms; null when the trace records no thread time. With
 * `withoutRundown`, the tracer's source-rundown tasks (isSourceRundown) are left out.
 */
export function longestCpuAfterPaint(events, { withoutRundown = false } = {}) {
  const { fcp, tasks, inside } = mainThread(events);
  if (!tasks.some((e) => e.tdur != null)) return null;
  const after = tasks.filter(
    (e) => e.ts >= fcp.ts && !(withoutRundown && isSourceRundown(inside(e))),
  );
  return after.reduce((most, e) => Math.max(most, e.tdur ?? 0), 0) / 1000;
}
