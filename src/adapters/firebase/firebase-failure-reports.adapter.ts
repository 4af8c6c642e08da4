import type { FailureReports } from '@/ports/failure-reports.port';
import { type CallableOptions, callableFunction } from './firebase-callable';
import { toBackendError } from './firebase-errors';

/** The callable function that counts a failure report (functions/src/index.ts). */
export const REPORT_FAILURE_FUNCTION = 'report_failure';

/**
 * Failure reports (issue 51) to the callable function `report_failure`, with or without a
 * sign-in: it counts `{ kind, code }` under the day in Firestore (`failureCounts`), for operators.
 */
export function createCallableFailureReports(options: CallableOptions): FailureReports {
  const call = callableFunction(options, REPORT_FAILURE_FUNCTION);
  return {
    async report({ kind, code }) {
      try {
        await call({ kind, code });
      } catch (error) {
        throw toBackendError(error);
      }
    },
  };
}
