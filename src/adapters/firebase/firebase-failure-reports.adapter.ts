import { AppError, codeFromHttpStatus } from '@/domain/errors';
import type { FailureReports } from '@/ports/failure-reports.port';
import type { CallableOptions } from './firebase-callable';

/** The callable function that counts a failure report (functions/src/failure-reports.ts). */
export const REPORT_FAILURE_FUNCTION = 'report_failure';

/** The function's address: the emulator's when the build uses one, else the region's host. */
export function reportFailureUrl({ app, region, emulator }: CallableOptions): string {
  const project = app.options.projectId ?? '';
  return emulator
    ? `http://${emulator.host}:${emulator.port}/${project}/${region}/${REPORT_FAILURE_FUNCTION}`
    : `https://${region}-${project}.cloudfunctions.net/${REPORT_FAILURE_FUNCTION}`;
}

/**
 * Failure reports (issue 51) to the callable function `report_failure`, which counts `{ kind,
 * code }` under the day in Firestore (`failureCounts`), for operators. Sent as the callable
 * protocol's plain POST without the student's ID token (it would carry their e-mail and name) and
 * without loading the Functions SDK: a report follows a failure, and takes nothing with it.
 */
export function createCallableFailureReports(
  options: CallableOptions,
  send: typeof fetch = (...args) => fetch(...args),
): FailureReports {
  return {
    async report({ kind, code }) {
      const res = await send(reportFailureUrl(options), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ data: { kind, code } }),
        credentials: 'omit',
        keepalive: true,
      }).catch((error: unknown) => {
        throw new AppError('unavailable', 'The failure report could not be sent', { cause: error });
      });
      if (!res.ok) {
        throw new AppError(codeFromHttpStatus(res.status), `report_failure answered ${res.status}`);
      }
    },
  };
}
