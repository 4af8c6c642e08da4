// @vitest-environment jsdom
// Concurrency on the real database (PostgreSQL 15): results only. Throughput and p95 come from
// the benchmark (npm run bench:supabase), never from a timed test.
import { PostgrestClient } from '@supabase/postgrest-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSupabaseBackend } from '@/adapters/supabase/supabase-backend';
import { memoryStorage } from '../support/memory-storage';
import { JOIN_TERMS } from '@/domain/join-terms';
import { freshDatabase } from '../../stand-ins/supabase-db';
import { startSupabaseStandIn, type SupabaseStandIn } from '../../stand-ins/supabase-stand-in';

/** The columns joining adds besides the entry's own (src/domain/join-terms.ts). */
const JOIN_COLUMNS = { adult: JOIN_TERMS.adult, notice_version: JOIN_TERMS.noticeVersion };

let standIn: SupabaseStandIn;
let db: Awaited<ReturnType<typeof freshDatabase>>;
let admin: pg.Client;

beforeAll(async () => {
  db = await freshDatabase('concurrency');
  standIn = await startSupabaseStandIn({ databaseUrl: db.url, poolSize: 20 });
  admin = new pg.Client({ connectionString: db.url });
  await admin.connect();
});
afterAll(async () => {
  await admin?.end();
  await standIn?.close();
  await db?.drop();
});

const rowsOf = async (sql: string, values: unknown[] = []) =>
  (await admin.query<{ n: number }>(sql, values)).rows[0]!.n;

describe('concurrent joins', () => {
  it('50 simultaneous joins of one student, through the adapter, leave one row and no error', async () => {
    const b = createSupabaseBackend(
      {
        url: standIn.url,
        anonKey: standIn.anonKey,
        callbackUrl: 'http://127.0.0.1/auth/callback.html',
        storage: memoryStorage(),
        storageKey: 'sb-concurrency',
      },
      {
        userAgent: 'vitest',
        openPopup: () => {
          let resolve!: (url: string) => void;
          const result = new Promise<string>((r) => (resolve = r));
          return {
            go: (url) =>
              void fetch(url, { redirect: 'manual' }).then((r) =>
                resolve(r.headers.get('location')!),
              ),
            result,
            close() {},
          };
        },
      },
    );
    standIn.arrangeSignIn({ email: 'misma@alumnos.udg.mx' });
    const user = await b.auth.signInWithPopup();
    const colleges = ['udg-cucei', 'udg-cucea', 'itesm-gdl'];
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        b.waitlist.join(user.uid, {
          email: user.email,
          collegeId: colleges[i % 3]!,
          timestamp: new Date(),
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(
      await rowsOf('select count(*)::int as n from public.waitlist where uid = $1', [user.uid]),
    ).toBe(1);
  });

  it('50 simultaneous inserts of one student, straight on the database, leave one row', async () => {
    const { rows } = await admin.query<{ id: string }>(
      "insert into auth.users (email) values ('directa@alumnos.udg.mx') returning id",
    );
    const uid = rows[0]!.id;
    const claims = JSON.stringify({
      sub: uid,
      email: 'directa@alumnos.udg.mx',
      role: 'authenticated',
      app_metadata: { provider: 'google' },
      is_anonymous: false,
    });
    const clients = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const c = new pg.Client({ connectionString: db.url });
        await c.connect();
        return c;
      }),
    );
    try {
      const results = await Promise.allSettled(
        clients.map(async (c) => {
          await c.query('begin');
          await c.query(
            "select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)",
            [claims],
          );
          await c.query(
            "insert into public.waitlist (uid, email, college_id, adult, notice_version) values ($1, 'directa@alumnos.udg.mx', 'udg-cucei', true, '2026-11-28') on conflict (uid) do nothing",
            [uid],
          );
          await c.query('commit');
        }),
      );
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    } finally {
      await Promise.all(clients.map((c) => c.end()));
    }
    expect(
      await rowsOf('select count(*)::int as n from public.waitlist where uid = $1', [uid]),
    ).toBe(1);
  });

  it('1,000 students joining at once through the stand-in leave 1,000 rows and no error', async () => {
    const sessions = await Promise.all(
      Array.from({ length: 1000 }, (_, i) =>
        standIn.sessionFor({ email: `carga${i}@alumnos.udg.mx` }),
      ),
    );
    const before = await rowsOf('select count(*)::int as n from public.waitlist');
    const results = await Promise.all(
      sessions.map(async (s) => {
        const rest = new PostgrestClient(`${standIn.url}/rest/v1`, {
          headers: { apikey: standIn.anonKey, Authorization: `Bearer ${s.access_token}` },
        });
        const { error, status } = await rest
          .from('waitlist')
          .upsert(
            { ...JOIN_COLUMNS, uid: s.user.id, email: s.user.email, college_id: 'udg-cucei' },
            { onConflict: 'uid', ignoreDuplicates: true },
          );
        return error ? `${status} ${error.message}` : status;
      }),
    );
    expect(results.filter((r) => r !== 201)).toEqual([]);
    expect((await rowsOf('select count(*)::int as n from public.waitlist')) - before).toBe(1000);
  });
});
