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
  }
}

/** The failure reports' slice: counts only, so nothing of it goes with a student. */
export const failureReportsSlice: Slice<'failureCounts'> = {
  empty: () => ({ failureCounts: {} }),
  parse: (d) => ({ failureCounts: recordOf(d.failureCounts, isCount) }),
};

/** The failure reports' operator control. */
export interface FailureReportsControls {
  /** The failure reports counted, by day, kind and code ('2026-11-28_join_unavailable': 2). */
  failureReports(): Record<string, number>;
}

export const failureReportsControls = ({ store }: MemoryContext): FailureReportsControls => ({
  failureReports: () => ({ ...store.read().failureCounts }),
});

/**
 * The failure reports' "server" (issue 51), as the real ones: it reads the report again, counts it
 * under its UTC day, kind and code, and counts at most FAILURE_REPORT_BUDGET.perWindow a minute.
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
      if (used >= FAILURE_REPORT_BUDGET.perWindow) return; // over the budget: dropped
      used++;
      const key = failureCountKey(reportDay(now), report);
      store.update((state) => ({
        ...state,
        failureCounts: { ...state.failureCounts, [key]: (state.failureCounts[key] ?? 0) + 1 },
      }));
    },
  };
}
