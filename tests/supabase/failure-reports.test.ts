// @vitest-environment jsdom
// Issue 51: the first-party failure report on Supabase (supabase/migrations/…_failure_reports.sql):
// the adapter's `POST /rpc/report_failure` as a visitor, the database's wall held equal to the
// domain's (src/domain/failure-report.ts), and its budget of 120 a minute.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSupabaseBackend } from '@/adapters/supabase/supabase-backend';
import { ERROR_CODES } from '@/domain/errors';
import {
  FAILURE_KINDS,
  FAILURE_REPORT_BUDGET,
  type FailureReport,
  parseFailureReport,
} from '@/domain/failure-report';
import { memoryStorage } from '../support/memory-storage';
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

const reports = () =>
  createSupabaseBackend({
    url: standIn.url,
    anonKey: standIn.anonKey,
    callbackUrl: 'http://127.0.0.1/auth/callback.html',
    storage: memoryStorage(),
    storageKey: 'sb-failures',
  }).failureReports;

const counts = async () =>
  (
    await db.admin.query<{ kind: string; code: string; count: number; today: boolean }>(
      `select kind, code, count, day = (now() at time zone 'utc')::date as today
       from private.failure_counts order by kind, code`,
    )
  ).rows;

describe('failure reports on Supabase', () => {
  it('a visitor’s report is counted by day, kind and code; nothing else is kept', async () => {
    const failures = reports();
    await failures.report({ kind: 'join', code: 'unavailable' });
    await failures.report({ kind: 'join', code: 'unavailable' });
    await failures.report({ kind: 'sign-in', code: 'auth/sign-in-failed' });
    expect(await counts()).toEqual([
      { kind: 'join', code: 'unavailable', count: 2, today: true },
      { kind: 'sign-in', code: 'auth/sign-in-failed', count: 1, today: true },
    ]);
    const { rows } = await db.admin.query(
      `select column_name from information_schema.columns
       where table_schema = 'private' and table_name = 'failure_counts' order by ordinal_position`,
    );
    expect(rows.map((r) => r.column_name)).toEqual(['day', 'kind', 'code', 'count']);
  });

  it('refuses what the domain refuses: the same lists (invalid-argument), nothing counted', async () => {
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
    await expect(
      reports().report({
        kind: 'join',
        code: 'auth/popup-closed-by-user',
      } as unknown as FailureReport),
    ).rejects.toMatchObject({ code: 'invalid-argument' });
    expect(await counts()).toEqual([]);
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
