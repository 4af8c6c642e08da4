import { AppError, codeFromHttpStatus } from '@/domain/errors';
import type { FailureReports } from '@/ports/failure-reports.port';

/** The SQL function that counts a failure report (supabase/migrations/…_failure_reports.sql). */
export const REPORT_FAILURE_FUNCTION = 'report_failure';

/**
 * Failure reports (issue 51) through `POST /rest/v1/rpc/report_failure` with the project's anon
 * key, never the student's session (its token names them): the database counts `{ kind, code }`
 * under the day in private.failure_counts, for operators. A plain request: a report follows a
 * failure and loads nothing.
 */
export function createSupabaseFailureReports(
  { url, anonKey }: { url: string; anonKey: string },
  send: typeof fetch = (...args) => fetch(...args),
): FailureReports {
  return {
    async report({ kind, code }) {
      const res = await send(`${url.replace(/\/+$/, '')}/rest/v1/rpc/${REPORT_FAILURE_FUNCTION}`, {
        method: 'POST',
        headers: {
          apikey: anonKey,
          Authorization: `Bearer ${anonKey}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ kind, code }),
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
