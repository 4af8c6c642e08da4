import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs module of the perf scripts, without types
import * as traceMain from '../../../scripts/perf/trace-main.mjs';

// The bench's figure of the page's longest task by CPU time (scripts/perf/lighthouse.sh), with and
// without the tracer's own source rundown (issue 26, docs/performance.md).
type TraceEvent = Record<string, unknown>;
const { isSourceRundown, longestCpuAfterPaint } = traceMain as {
  isSourceRundown: (inside: TraceEvent[]) => boolean;
  longestCpuAfterPaint: (
    events: TraceEvent[],
    options?: { withoutRundown?: boolean },
  ) => number | null;
};

const PID = 7;
const TID = 1;
const complete = (name: string, ts: number, dur: number, tdur?: number): TraceEvent => ({
  name,
  ph: 'X',
  pid: PID,
  tid: TID,
  ts,
  dur,
  ...(tdur == null ? {} : { tdur }),
});
/** A main-thread task (RunTask) of `cpuMs` of CPU time at `ts` µs, holding the named events. */
const task = (ts: number, cpuMs: number, inside: string[]): TraceEvent[] => [
  complete('RunTask', ts, cpuMs * 1000 + 500, cpuMs * 1000),
  ...inside.map((name, i) => complete(name, ts + 10 + i * 10, 5)),
];
const trace = (...tasks: TraceEvent[][]): TraceEvent[] => [
  { name: 'thread_name', ph: 'M', pid: PID, tid: TID, args: { name: 'CrRendererMain' } },
  { name: 'firstContentfulPaint', ph: 'R', pid: PID, tid: TID, ts: 100_000 },
  ...tasks.flat(),
];

describe("the tracer's source rundown in a Lighthouse trace", () => {
  it('is a task holding the copy of a script (ScriptCatchup) and nothing of the page', () => {
    const of = (names: string[]) => names.map((name) => complete(name, 0, 1));
    expect(isSourceRundown(of(['ScriptCatchup']))).toBe(true);
    expect(isSourceRundown(of(['ScriptCatchup', 'ScriptCatchup', 'v8.compileModule']))).toBe(true);
    // Any of the page's work keeps the task the page's, rundown inside or not.
    expect(isSourceRundown(of(['ScriptCatchup', 'v8.evaluateModule']))).toBe(false);
    expect(isSourceRundown(of(['ScriptCatchup', 'Layout']))).toBe(false);
    expect(isSourceRundown(of(['ScriptCatchup', 'V8.Execute']))).toBe(false);
    expect(isSourceRundown(of(['v8.compileModule']))).toBe(false);
    expect(isSourceRundown([])).toBe(false);
  });

  it('is left out of the longest task after the first paint only when asked', () => {
    const events = trace(
      task(50_000, 20, ['ParseHTML']), // before the first paint: never counted
      task(120_000, 12, ['ScriptCatchup']), // the tracer's
      task(140_000, 9, ['ScriptCatchup', 'v8.evaluateModule']), // the page's evaluation
      task(160_000, 5, ['UpdateLayoutTree', 'Layout', 'Paint']),
    );
    expect(longestCpuAfterPaint(events)).toBe(12);
    expect(longestCpuAfterPaint(events, { withoutRundown: true })).toBe(9);
  });

  it('has no figure for a trace without thread time, rather than a zero', () => {
    const events = trace([complete('RunTask', 120_000, 30_000)]);
    expect(longestCpuAfterPaint(events)).toBeNull();
    expect(longestCpuAfterPaint(events, { withoutRundown: true })).toBeNull();
  });
});
