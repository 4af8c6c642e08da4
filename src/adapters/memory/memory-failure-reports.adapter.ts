import {
  FAILURE_REPORT_BUDGET,
  failureCountKey,
  parseFailureReport,
  reportDay,
} from '@/domain/failure-report';
import { AppError } from '@/domain/errors';
import type { Clock } from '@/ports/clock.port';
import type { FailureReports } from '@/ports/failure-reports.port';
import type { Controls } from './memory-controls';
import type { StateStore } from './memory-state';

/**
 * The failure reports' "server" (issue 51), as the real ones: it reads the report again, counts it
 * under its UTC day, kind and code, and counts at most FAILURE_REPORT_BUDGET.perWindow a minute.
 * Developers and QA read the counts with `window.__memoryBackend.failureReports()`.
 */
export function createMemoryFailureReports({
  store,
  controls,
  clock,
}: {
  store: StateStore;
  controls: Controls;
  clock: Clock;
}): FailureReports {
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
