import type { FailureReports } from '@/ports/failure-reports.port';
import type { SupabaseClientLoader } from './supabase-client';
import { toBackendError, toThrownBackendError } from './supabase-errors';

/** The SQL function that counts a failure report (supabase/migrations/…_failure_reports.sql). */
export const REPORT_FAILURE_FUNCTION = 'report_failure';

/**
 * Failure reports (issue 51) through `POST /rpc/report_failure`, with or without a sign-in: the
 * database counts `{ kind, code }` under the day in private.failure_counts, for operators.
 */
export function createSupabaseFailureReports(client: SupabaseClientLoader): FailureReports {
  const load = () => client().catch((e: unknown) => Promise.reject(toThrownBackendError(e)));
  return {
    async report({ kind, code }) {
      const sb = await load();
      const answer = await sb.rest.rpc(REPORT_FAILURE_FUNCTION, { kind, code });
      if (answer.error) throw toBackendError(answer.error, answer.status);
    },
  };
}
