import type { FailureReport } from '@/domain/failure-report';

/**
 * Where the page reports a failed sign-in or join (src/domain/failure-report.ts): the backend's
 * server counts it by day, kind and code, for operators. Resolves once sent, counted or not;
 * rejects only when the report could not be sent (the use case drops that: a report never fails
 * the page).
 */
export interface FailureReports {
  report(report: FailureReport): Promise<void>;
}
