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

/**
 * The most CPU time (the thread's time on a core, `tdur`) of one main-thread task that starts at
 * or after the first contentful paint, in ms; null when the trace records no thread time.
 */
export function longestCpuAfterPaint(events) {
  const { fcp, tasks } = mainThread(events);
  const after = tasks.filter((e) => e.ts >= fcp.ts);
  if (!tasks.some((e) => e.tdur != null)) return null;
  return after.reduce((most, e) => Math.max(most, e.tdur ?? 0), 0) / 1000;
}
