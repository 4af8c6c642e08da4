// Issue 51: the first-party failure report (src/domain/failure-report.ts): what the page sends,
// what the servers accept, and the use case that sends it (src/domain/use-cases/
// report-failure.use-case.ts). Each backend's server: tests/app/unit/failure-reports.test.ts
// (memory), tests/firebase/failure-reports.test.ts, tests/supabase/failure-reports.test.ts.
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { AppError, ERROR_CODES, type ErrorCode } from '@/domain/errors';
import {
  createDropLedger,
  DROP_WRITE_EVERY_MS,
  FAILURE_KINDS,
  failureCountKey,
  failureReportOf,
  PAGE_REPORT_LIMIT,
  parseFailureReport,
  REPORTED_CODES,
  reportDay,
} from '@/domain/failure-report';
import { createReportFailure, reportingFailures } from '@/domain/use-cases/report-failure.use-case';

describe('the failure report', () => {
  it('carries every error code but the student’s own choices and the page’s own checks', () => {
    expect([...REPORTED_CODES].sort()).toEqual(
      ERROR_CODES.filter(
        (code) => code !== 'auth/popup-closed-by-user' && !code.startsWith('validation/'),
      ).sort(),
    );
  });

  it('is read back by the server as exactly { kind, code } from the lists, anything else as null', () => {
    const word = fc.oneof(
      fc.constantFrom<unknown>(...FAILURE_KINDS, ...ERROR_CODES, '', 'JOIN', 'join ', null, 7),
      fc.string(),
    );
    fc.assert(
      fc.property(
        fc.record({ kind: word, code: word }, { requiredKeys: [] }),
        fc.dictionary(fc.string(), fc.anything(), { maxKeys: 2 }),
        fc.boolean(),
        (report, extra, withExtra) => {
          const body = withExtra ? { ...extra, ...report } : report;
          const valid =
            Object.keys(body).length === 2 &&
            (FAILURE_KINDS as readonly unknown[]).includes(report.kind) &&
            (REPORTED_CODES as readonly unknown[]).includes(report.code);
          expect(parseFailureReport(body)).toEqual(
            valid ? { kind: report.kind, code: report.code } : null,
          );
        },
      ),
      { numRuns: 500 },
    );
    for (const body of [null, [], 'join', 7, [{ kind: 'join', code: 'unknown' }]]) {
      expect(parseFailureReport(body)).toBeNull();
    }
  });

  it('is counted under its UTC day, one key per day, kind and code', () => {
    expect(reportDay(new Date('2026-11-28T23:59:59-06:00'))).toBe('2026-11-29');
    expect(failureCountKey('2026-11-28', { kind: 'sign-in', code: 'auth/sign-in-failed' })).toBe(
      '2026-11-28_sign-in_auth-sign-in-failed',
    );
    const keys = new Set(
      FAILURE_KINDS.flatMap((kind) =>
        REPORTED_CODES.map((code) => failureCountKey('2026-11-28', { kind, code })),
      ),
    );
    expect(keys.size).toBe(FAILURE_KINDS.length * REPORTED_CODES.length);
    for (const key of keys) expect(key).toMatch(/^[\w-]+$/);
  });
});

describe('reporting a failure from the page', () => {
  const fails = (error: unknown) => () => Promise.reject(error);

  it('reports a failed join or sign-in once, with its code, and passes the same error on', async () => {
    const report = vi.fn(async () => {});
    const reportFailure = createReportFailure({ failureReports: { report } });
    const error = new AppError('unavailable');
    await expect(reportingFailures('join', fails(error), reportFailure)()).rejects.toBe(error);
    expect(report).toHaveBeenCalledWith({ kind: 'join', code: 'unavailable' });
    // A sign-in's own cause, when the page's code hides it; else the page's code.
    const hidden = new AppError('auth/sign-in-failed', 'x', { cause: new AppError('internal') });
    await expect(reportingFailures('sign-in', fails(hidden), reportFailure)()).rejects.toBe(hidden);
    expect(report).toHaveBeenLastCalledWith({ kind: 'sign-in', code: 'internal' });
    await expect(
      reportingFailures('sign-in', fails(new AppError('auth/sign-in-failed')), reportFailure)(),
    ).rejects.toThrow();
    expect(report).toHaveBeenLastCalledWith({ kind: 'sign-in', code: 'auth/sign-in-failed' });
    // Not an AppError: unknown.
    await expect(
      reportingFailures('join', fails(new TypeError('x')), reportFailure)(),
    ).rejects.toThrow();
    expect(report).toHaveBeenLastCalledWith({ kind: 'join', code: 'unknown' });
  });

  it('never reports a closed popup or a missing campus, nor a success', async () => {
    const report = vi.fn(async () => {});
    const reportFailure = createReportFailure({ failureReports: { report } });
    for (const code of [
      'auth/popup-closed-by-user',
      'validation/college-required',
    ] as ErrorCode[]) {
      await expect(
        reportingFailures('join', fails(new AppError(code)), reportFailure)(),
      ).rejects.toThrow();
    }
    expect(await reportingFailures('join', async () => 'ok', reportFailure)()).toBe('ok');
    expect(report).not.toHaveBeenCalled();
  });

  it(`sends at most ${PAGE_REPORT_LIMIT} per page load, and a report that fails never fails the page`, async () => {
    let calls = 0;
    const reportFailure = createReportFailure({
      failureReports: {
        report: () => {
          calls++;
          return Promise.reject(new AppError('unavailable'));
        },
      },
    });
    fc.assert(
      fc.property(
        fc.constantFrom(...FAILURE_KINDS),
        fc.constantFrom(...ERROR_CODES),
        (kind, code) => {
          expect(() => reportFailure(kind, new AppError(code))).not.toThrow();
        },
      ),
      { numRuns: 50 },
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toBe(PAGE_REPORT_LIMIT);
    expect(failureReportOf('join', 'auth/popup-closed-by-user')).toBeNull();
  });
});

// Issue 59: an instance counts the reports it drops and writes them in batches: a flood of any
// size within one DROP_WRITE_EVERY_MS costs one write, over a minute at most 60_000 /
// DROP_WRITE_EVERY_MS + 1, and no drop is lost (what waits is written by a later call).
describe('the drop ledger (issue 59)', () => {
  it('N drops make a bounded number of writes, and every drop is written once', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 2_000 }), { minLength: 1, maxLength: 3_000 }),
        (gaps) => {
          let t = 1_000_000;
          const ledger = createDropLedger(() => t);
          let writes = 0;
          let written = 0;
          for (const gap of gaps) {
            t += gap;
            const batch = ledger.drop();
            if (batch) writes++;
            written += batch;
          }
          const span = t - 1_000_000;
          expect(writes).toBeLessThanOrEqual(1 + Math.floor(span / DROP_WRITE_EVERY_MS));
          t += DROP_WRITE_EVERY_MS;
          written += ledger.due();
          expect(written).toBe(gaps.length);
        },
      ),
    );
    // 10,000 drops in one instant: one write.
    const ledger = createDropLedger(() => 0);
    const batches = Array.from({ length: 10_000 }, () => ledger.drop()).filter(Boolean);
    expect(batches).toEqual([1]);
  });

  it('a batch whose write failed is written with the next one', () => {
    let t = 0;
    const ledger = createDropLedger(() => t);
    expect(ledger.drop()).toBe(1);
    ledger.unwritten(1);
    expect(ledger.drop()).toBe(0);
    t = DROP_WRITE_EVERY_MS;
    expect(ledger.due()).toBe(2);
    expect(ledger.due()).toBe(0);
  });
});
