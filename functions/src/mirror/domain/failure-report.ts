// Generated from src/domain/failure-report.ts by `npm run functions:copies -- --write`. Do not edit:
// tests/tooling/data/functions-copies.test.ts fails when the two disagree.
/**
 * The first-party report of failed sign-ins and joins (issue 51): a failure a student meets
 * otherwise reaches only their own console. The page reports what failed and its error code,
 * nothing else: no account, e-mail, campus, message, address or browser. Each backend's server
 * counts the reports by UTC day, kind and code, for operators (`npm run report`,
 * `report:supabase`, the memory console's `failureReports()`), within a budget.
 *
 * Self-contained: the Cloud Functions run a generated copy (npm run functions:copies), and
 * supabase/migrations/…_failure_reports.sql checks the same lists (tests hold them equal).
 */

/** What failed. */
export const FAILURE_KINDS = ['sign-in', 'join'] as const;
export type FailureKind = (typeof FAILURE_KINDS)[number];

/**
 * The codes a report may carry: the application's error codes (src/domain/errors.ts) but the
 * student's own choices and what the page checks before sending (a closed popup, a missing
 * campus), which are no failure of ours.
 */
export const REPORTED_CODES = [
  'invalid-argument',
  'unauthenticated',
  'permission-denied',
  'not-found',
  'aborted',
  'resource-exhausted',
  'cancelled',
  'internal',
  'unimplemented',
  'unavailable',
  'deadline-exceeded',
  'unknown',
  'auth/sign-in-failed',
] as const;
export type ReportedCode = (typeof REPORTED_CODES)[number];

/** One report, as the page sends it and the server reads it. */
export interface FailureReport {
  readonly kind: FailureKind;
  readonly code: ReportedCode;
}

const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (list as readonly string[]).includes(value);

/** A report from any body (the server's wall): exactly `{ kind, code }` from the lists, or null. */
export function parseFailureReport(body: unknown): FailureReport | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const keys = Object.keys(body);
  if (keys.length !== 2 || !keys.includes('kind') || !keys.includes('code')) return null;
  const { kind, code } = body as Record<string, unknown>;
  return isOneOf(FAILURE_KINDS, kind) && isOneOf(REPORTED_CODES, code) ? { kind, code } : null;
}

/** What the page reports of a failure with this code: its report, or null (not ours to count). */
export function failureReportOf(kind: FailureKind, code: string): FailureReport | null {
  return isOneOf(REPORTED_CODES, code) ? { kind, code } : null;
}

/** The most reports one page load sends: a loop of retries reports its first few. */
export const PAGE_REPORT_LIMIT = 5;

/**
 * The server's budget: at most `perWindow` reports counted per instance (Firebase) or per
 * database (Supabase) a minute; the rest are dropped, as the CSP reports' log budget drops
 * lines (functions/src/csp-report.logic.ts).
 */
export const FAILURE_REPORT_BUDGET = { perWindow: 120, windowMs: 60_000 } as const;

/** The UTC day a report is counted under: YYYY-MM-DD. */
export const reportDay = (at: Date): string => at.toISOString().slice(0, 10);

/** The key of one day's count of one kind and code (a document id, a map key). */
export const failureCountKey = (day: string, { kind, code }: FailureReport): string =>
  `${day}_${kind}_${code.replace('/', '-')}`;

/**
 * The reports dropped over the budget on one UTC day (issue 59): counted beside the kept ones, so
 * a flood that spends the budget cannot hide real failures from operators (`npm run report --
 * failures` shows both). What a dropped report said is not kept: a flood's content is its sender's.
 */
export interface FailureDrops {
  readonly day: string;
  readonly dropped: number;
}

/**
 * How often an instance writes the drops it counted (Firebase): at most once per this many ms.
 * A flood of any size costs an instance at most 60_000 / DROP_WRITE_EVERY_MS writes a minute;
 * the drops counted since the last write wait for the next call after it (kept or dropped).
 */
export const DROP_WRITE_EVERY_MS = 10_000;

/**
 * An instance's count of dropped reports, written in batches: `drop()` counts one and answers how
 * many to write now (the first drop at once, then at most one write per `everyMs`), 0 when they
 * wait; `due()` answers the same without a drop (a kept report's call writes the waiting ones);
 * `unwritten(n)` gives back a batch whose write failed.
 */
export function createDropLedger(now: () => number, everyMs = DROP_WRITE_EVERY_MS) {
  let waiting = 0;
  let lastWrite = -Infinity;
  const due = (): number => {
    if (waiting === 0 || now() - lastWrite < everyMs) return 0;
    const batch = waiting;
    waiting = 0;
    lastWrite = now();
    return batch;
  };
  return {
    drop(): number {
      waiting++;
      return due();
    },
    due,
    unwritten(batch: number): void {
      waiting += batch;
    },
  };
}
