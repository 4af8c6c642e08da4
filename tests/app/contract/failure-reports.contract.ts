import { describe, expect, it } from 'vitest';
import { type FailureReport, reportDay } from '@/domain/failure-report';
import type { FailureReports } from '@/ports/failure-reports.port';

/** One count as the backend holds it: a day (UTC, 'YYYY-MM-DD'), a kind, a code, how many. */
export interface FailureCount {
  readonly day: string;
  readonly kind: string;
  readonly code: string;
  readonly count: number;
}

export interface FailureReportsHarness {
  /** The page's failure reports, without a sign-in, on a backend that has counted none. */
  readonly reports: FailureReports;
  /** Behind the port (admin-only): every count held, in any order. */
  counts(): Promise<FailureCount[]>;
}

const sorted = (counts: FailureCount[]) =>
  [...counts].sort((a, b) => `${a.kind} ${a.code}`.localeCompare(`${b.kind} ${b.code}`));

/** Every backend counts a failure report the same way, and nothing else of it (issue 51). */
export function describeFailureReportsContract(
  name: string,
  setup: () => Promise<FailureReportsHarness>,
) {
  describe(`FailureReports contract: ${name}`, () => {
    it('counts a visitor’s report by day, kind and code; nothing else is kept', async () => {
      const h = await setup();
      await h.reports.report({ kind: 'join', code: 'unavailable' });
      await h.reports.report({ kind: 'join', code: 'unavailable' });
      await h.reports.report({ kind: 'sign-in', code: 'auth/sign-in-failed' });
      const day = reportDay(new Date());
      expect(sorted(await h.counts())).toEqual([
        { day, kind: 'join', code: 'unavailable', count: 2 },
        { day, kind: 'sign-in', code: 'auth/sign-in-failed', count: 1 },
      ]);
    });

    it('refuses anything but a report of the lists (invalid-argument), and counts nothing', async () => {
      const h = await setup();
      for (const bad of [
        { kind: 'join', code: 'auth/popup-closed-by-user' },
        { kind: 'salir', code: 'unknown' },
        { kind: 'JOIN', code: 'unavailable' },
        { kind: 'join', code: '' },
      ]) {
        await expect(h.reports.report(bad as unknown as FailureReport)).rejects.toMatchObject({
          code: 'invalid-argument',
        });
      }
      expect(await h.counts()).toEqual([]);
    });
  });
}
