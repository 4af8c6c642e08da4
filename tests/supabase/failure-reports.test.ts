// @vitest-environment jsdom
// Issue 51: the first-party failure report on Supabase (supabase/migrations/…_failure_reports.sql):
// the database's wall held equal to the domain's (src/domain/failure-report.ts), its budget of 120
// a minute and its grants. What the page's adapter sees is the FailureReports contract
// (supabase-adapters.contract.test.ts).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@/domain/errors';
import { FAILURE_KINDS, FAILURE_REPORT_BUDGET, parseFailureReport } from '@/domain/failure-report';
import { withFreshDatabase } from '../support/fresh-database';
import { startSupabaseStandIn, type SupabaseStandIn } from '../../stand-ins/supabase-stand-in';

let standIn: SupabaseStandIn;

const db = withFreshDatabase('failures');
beforeAll(async () => {
  standIn = await startSupabaseStandIn({ databaseUrl: db.url });
});
afterAll(async () => {
  await standIn?.close();
});
beforeEach(async () => {
  await db.admin.query('delete from private.failure_counts; delete from private.failure_minutes');
});

const counts = async () =>
  (
    await db.admin.query<{ kind: string; code: string; count: number; today: boolean }>(
      `select kind, code, count, day = (now() at time zone 'utc')::date as today
       from private.failure_counts order by kind, code`,
    )
  ).rows;

describe('failure reports on Supabase', () => {
  // The port's side (counted by day, kind and code; a report off the lists refused, nothing
  // counted) is the FailureReports contract, run in supabase-adapters.contract.test.ts.
  it('keeps nothing but the day, kind, code and count', async () => {
    const { rows } = await db.admin.query(
      `select column_name from information_schema.columns
       where table_schema = 'private' and table_name = 'failure_counts' order by ordinal_position`,
    );
    expect(rows.map((r) => r.column_name)).toEqual(['day', 'kind', 'code', 'count']);
  });

  it('refuses what the domain refuses: the same lists', async () => {
    const words = [...FAILURE_KINDS, ...ERROR_CODES, 'salir', 'JOIN', '', 'unknown ', 'ana@udg.mx'];
    for (const kind of words) {
      for (const code of words) {
        const { rows } = await db.admin.query<{ ok: boolean }>(
          'select private.is_failure_report($1, $2) as ok',
          [kind, code],
        );
        expect(rows[0]!.ok, `${kind} ${code}`).toBe(parseFailureReport({ kind, code }) !== null);
      }
    }
  });

  it(`counts at most ${FAILURE_REPORT_BUDGET.perWindow} a minute for the whole database`, async () => {
    const client = await standIn.pool.connect();
    try {
      // One transaction, as anon: now() is one minute for every call.
      await client.query('begin');
      await client.query('set local role anon');
      for (let i = 0; i < FAILURE_REPORT_BUDGET.perWindow + 30; i++) {
        await client.query(`select public.report_failure('join', 'internal')`);
      }
      await client.query('commit');
    } finally {
      client.release();
    }
    expect(await counts()).toEqual([
      { kind: 'join', code: 'internal', count: FAILURE_REPORT_BUDGET.perWindow, today: true },
    ]);
  });

  it('keeps its tables from every page role', async () => {
    for (const role of ['anon', 'authenticated']) {
      const { rows } = await db.admin.query<{ counts: boolean; minutes: boolean }>(
        `select has_table_privilege($1, 'private.failure_counts', 'select') as counts,
           has_table_privilege($1, 'private.failure_minutes', 'insert') as minutes`,
        [role],
      );
      expect(rows[0]).toEqual({ counts: false, minutes: false });
    }
  });
});
