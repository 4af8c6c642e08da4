import { isAppError } from '@/domain/errors';
import { failureReportOf, PAGE_REPORT_LIMIT, type FailureKind } from '@/domain/failure-report';
import type { FailureReports } from '@/ports/failure-reports.port';

/** The code a failure is reported under: a sign-in's own cause when the page's code hides it. */
function codeOf(error: unknown): string {
  if (!isAppError(error)) return 'unknown';
  if (error.code === 'auth/sign-in-failed' && isAppError(error.cause)) {
    return failureReportOf('sign-in', error.cause.code) ? error.cause.code : error.code;
  }
  return error.code;
}

/**
 * Reports a failure of `kind` (issue 51: the first-party failure report), at most
 * PAGE_REPORT_LIMIT times per page load, without waiting and without ever failing: a report that
 * cannot be sent is dropped. A failure that is the student's own choice (a closed popup) or the
 * page's check (no campus chosen) is no report.
 */
export function createReportFailure({
  failureReports,
  limit = PAGE_REPORT_LIMIT,
}: {
  failureReports: FailureReports;
  limit?: number;
}) {
  let sent = 0;
  return (kind: FailureKind, error: unknown): void => {
    const report = failureReportOf(kind, codeOf(error));
    if (!report || sent >= limit) return;
    sent++;
    failureReports.report(report).catch(() => {});
  };
}

/** `run`, reporting its failure as `kind` before passing it on. */
export function reportingFailures<A extends unknown[], R>(
  kind: FailureKind,
  run: (...args: A) => Promise<R>,
  report: (kind: FailureKind, error: unknown) => void,
): (...args: A) => Promise<R> {
  return async (...args) => {
    try {
      return await run(...args);
    } catch (error) {
      report(kind, error);
      throw error;
    }
  };
}
