import { describe, expect, it } from 'vitest';
import {
  FAILURE_REPORT_BUDGET,
  type FailureDrops,
  type FailureReport,
  reportDay,
} from '@/domain/failure-report';
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
  /** Behind the port (admin-only, issue 59): the reports dropped over the budget, by day. */
  drops(): Promise<FailureDrops[]>;
  /**
   * Whether every drop is written by the time its call answers (memory, Supabase), or an instance
   * writes them in batches (Firebase: the first at once, the rest with a later call).
   */
  readonly dropsWrittenAtOnce: boolean;
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

    it('counts what it drops over the budget beside what it keeps (issue 59)', async () => {
      const h = await setup();
      const { perWindow } = FAILURE_REPORT_BUDGET;
      // Two budgets and more: a flood spends the budget even when a window starts meanwhile.
      const sent = 2 * perWindow + 10;
      for (let i = 0; i < sent; i++) {
        await h.reports.report({ kind: 'join', code: 'unavailable' });
      }
      const kept = (await h.counts()).reduce((sum, c) => sum + c.count, 0);
      const drops = await h.drops();
      const dropped = drops.reduce((sum, d) => sum + d.dropped, 0);
      expect(kept).toBeLessThanOrEqual(2 * perWindow);
      expect(dropped).toBeGreaterThan(0);
      expect(drops.map((d) => d.day)).toEqual([reportDay(new Date())]);
      if (h.dropsWrittenAtOnce) expect(kept + dropped).toBe(sent);
      else expect(kept + dropped).toBeLessThanOrEqual(sent);
    });
  });
}
