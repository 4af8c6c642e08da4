import {
  FAILURE_REPORT_BUDGET,
  failureCountKey,
  parseFailureReport,
  reportDay,
} from '@/domain/failure-report';
import { AppError } from '@/domain/errors';
import type { FailureReports } from '@/ports/failure-reports.port';
import type { MemoryContext, Slice } from './memory-store';
import { isCount, recordOf } from './memory-values';

declare module './memory-store' {
  interface MemoryState {
    /**
     * The failure reports' counts (issue 51: src/domain/failure-report.ts), keyed by
     * failureCountKey (day, kind and code). Nothing of any student.
     */
    readonly failureCounts: Readonly<Record<string, number>>;
    /** The reports dropped over the budget (issue 59), by UTC day ('2026-11-28': 130). */
    readonly failureDrops: Readonly<Record<string, number>>;
  }
}

/** The failure reports' slice: counts only, so nothing of it goes with a student. */
export const failureReportsSlice: Slice<'failureCounts' | 'failureDrops'> = {
  empty: () => ({ failureCounts: {}, failureDrops: {} }),
  parse: (d) => ({
    failureCounts: recordOf(d.failureCounts, isCount),
    failureDrops: recordOf(d.failureDrops, isCount),
  }),
};

/** The failure reports' operator controls. */
export interface FailureReportsControls {
  /** The failure reports counted, by day, kind and code ('2026-11-28_join_unavailable': 2). */
  failureReports(): Record<string, number>;
  /** The reports dropped over the budget, by day ('2026-11-28': 130), beside them (issue 59). */
  failureDrops(): Record<string, number>;
}

export const failureReportsControls = ({ store }: MemoryContext): FailureReportsControls => ({
  failureReports: () => ({ ...store.read().failureCounts }),
  failureDrops: () => ({ ...store.read().failureDrops }),
});

/**
 * The failure reports' "server" (issue 51), as the real ones: it reads the report again, counts it
 * under its UTC day, kind and code, and counts at most FAILURE_REPORT_BUDGET.perWindow a minute;
 * the rest are dropped and counted as dropped, by day (issue 59).
 * Developers and QA read the counts with `window.__memoryBackend.failureReports()`.
 */
export function createMemoryFailureReports({
  store,
  controls,
  clock,
}: MemoryContext): FailureReports {
  let windowStart = -Infinity;
  let used = 0;
  return {
    async report(sent) {
      await controls.enter('reportFailure');
      const report = parseFailureReport(sent);
      if (!report) throw new AppError('invalid-argument', 'Not a failure report');
      const now = clock.now();
      if (now.getTime() - windowStart >= FAILURE_REPORT_BUDGET.windowMs) {
        windowStart = now.getTime();
        used = 0;
      }
      const day = reportDay(now);
      if (used >= FAILURE_REPORT_BUDGET.perWindow) {
        // Over the budget: dropped, and counted as dropped (issue 59).
        store.update((state) => ({
          ...state,
          failureDrops: { ...state.failureDrops, [day]: (state.failureDrops[day] ?? 0) + 1 },
        }));
        return;
      }
      used++;
      const key = failureCountKey(day, report);
      store.update((state) => ({
        ...state,
        failureCounts: { ...state.failureCounts, [key]: (state.failureCounts[key] ?? 0) + 1 },
      }));
    },
  };
}
