// @vitest-environment jsdom
// Concurrency on the real database (PostgreSQL 15): results only. Throughput and p95 come from
// the benchmark (npm run bench:supabase), never from a timed test.
import { PostgrestClient } from '@supabase/postgrest-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSupabaseBackend } from '@/adapters/supabase/supabase-backend';
import { memoryStorage } from '../support/memory-storage';
import { JOIN_TERMS } from '@/domain/join-terms';
import { withFreshDatabase } from '../support/fresh-database';
import { startSupabaseStandIn, type SupabaseStandIn } from '../../stand-ins/supabase-stand-in';

/** The columns joining adds besides the entry's own (src/domain/join-terms.ts). */
const JOIN_COLUMNS = { adult: JOIN_TERMS.adult, notice_version: JOIN_TERMS.noticeVersion };

let standIn: SupabaseStandIn;

const db = withFreshDatabase('concurrency');
beforeAll(async () => {
  standIn = await startSupabaseStandIn({ databaseUrl: db.url, poolSize: 20 });
});
afterAll(async () => {
  await standIn?.close();
});

const rowsOf = async (sql: string, values: unknown[] = []) =>
  (await db.admin.query<{ n: number }>(sql, values)).rows[0]!.n;

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
    const { rows } = await db.admin.query<{ id: string }>(
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

describe('concurrent verifications (issue 48)', () => {
  /** A student on udg-cucei with a personal address, and a connection acting as them. */
  async function student(n: string) {
    const email = `verifica-${n}@gmail.com`;
    const { rows } = await db.admin.query<{ id: string }>(
      'insert into auth.users (email) values ($1) returning id',
      [email],
    );
    const uid = rows[0]!.id;
    await db.admin.query(
      "insert into public.waitlist (uid, email, college_id, adult, notice_version) values ($1, $2, 'udg-cucei', true, $3)",
      [uid, email, JOIN_TERMS.noticeVersion],
    );
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    const claims = JSON.stringify({ sub: uid, email, role: 'authenticated' });
    const as = async <T>(sql: string, values: unknown[]): Promise<T> => {
      await c.query('begin');
      await c.query(
        "select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)",
        [claims],
      );
      const { rows: answer } = await c.query<{ r: T }>(sql, values);
      await c.query('commit');
      return answer[0]!.r;
    };
    return { uid, client: c, as };
  }
  const codeOf = async (uid: string) =>
    (
      await db.admin.query<{ code: string }>(
        `select private.code_of_nonce(s.token_secret, o.nonce) as code
         from private.mail_outbox o, private.mail_settings s
         where o.kind = 'code' and o.user_id = $1 order by o.created_at desc limit 1`,
        [uid],
      )
    ).rows[0]!.code;
  const counted = async () =>
    rowsOf(
      "select coalesce((select verified from private.campus_counts where college_id = 'udg-cucei'), 0) as n",
    );
  const recount = async () =>
    rowsOf(
      `select count(*)::int as n from public.waitlist w
       left join private.email_verifications v on v.user_id = w.uid
       where w.college_id = 'udg-cucei' and private.counts_for(w.uid, w.email, w.college_id, v.address)`,
    );

  beforeAll(async () => {
    await db.admin.query(
      `insert into private.mail_settings (token_secret)
       select 'concurrency-secret-0123456789abcdef0123456789'
       where not exists (select 1 from private.mail_settings)`,
    );
  });

  it('of three accounts entering codes for one address at once, exactly one verifies it', async () => {
    const students = await Promise.all(['a', 'b', 'c'].map((n) => student(`misma-${n}`)));
    try {
      const before = await counted();
      const [first, ...others] = students;
      const sent = await first!.as<{ outcome: string }>(
        'select public.send_verification_code($1) as r',
        ['la.misma@alumnos.udg.mx'],
      );
      expect(sent.outcome).toBe('sent');
      // One live code per address (issue 59): the others' codes for it are arranged behind the
      // rule, as two accounts holding codes for one address would.
      for (const s of others) {
        await db.admin.query(
          `insert into private.verification_codes (user_id, address, code_hash, expires_at)
           select $1, 'la.misma@alumnos.udg.mx', private.code_hash(s.token_secret, $1, '123456'),
             now() + interval '15 minutes'
           from private.mail_settings s`,
          [s.uid],
        );
      }
      const codes = [await codeOf(first!.uid), ...others.map(() => '123456')];
      const results = await Promise.all(
        students.map((s, i) =>
          s.as<{ outcome: string }>('select public.verify_email_code($1) as r', [codes[i]]),
        ),
      );
      expect(results.filter((r) => r.outcome === 'verified')).toHaveLength(1);
      expect(results.filter((r) => r.outcome !== 'verified').map((r) => r.outcome)).toEqual([
        'none',
        'none',
      ]);
      expect(
        await rowsOf(
          "select count(*)::int as n from private.email_verifications where address = 'la.misma@alumnos.udg.mx'",
        ),
      ).toBe(1);
      expect(await counted()).toBe(before + 1);
      expect(await counted()).toBe(await recount());
    } finally {
      await Promise.all(students.map((s) => s.client.end()));
    }
  });

  it('20 students verifying their own addresses at once are counted 20 times, as a recount says', async () => {
    const students = await Promise.all(
      Array.from({ length: 20 }, (_, i) => student(`propia-${i}`)),
    );
    try {
      const before = await counted();
      await Promise.all(
        students.map((s, i) =>
          s.as('select public.send_verification_code($1) as r', [`propia.${i}@alumnos.udg.mx`]),
        ),
      );
      const codes = await Promise.all(students.map((s) => codeOf(s.uid)));
      const results = await Promise.all(
        students.map((s, i) =>
          s.as<{ outcome: string }>('select public.verify_email_code($1) as r', [codes[i]]),
        ),
      );
      expect(results.every((r) => r.outcome === 'verified')).toBe(true);
      expect(await counted()).toBe(before + 20);
      expect(await counted()).toBe(await recount());
      // Ten of them leave at once: the count follows, still equal to a recount.
      await Promise.all(
        students
          .slice(0, 10)
          .map((s) => db.admin.query('delete from auth.users where id = $1', [s.uid])),
      );
      expect(await counted()).toBe(before + 10);
      expect(await counted()).toBe(await recount());
    } finally {
      await Promise.all(students.map((s) => s.client.end()));
    }
  });

  it('an address freed by the account that verified it counts for the student who signs in with it', async () => {
    const first = await student('libera');
    try {
      const before = await counted();
      await first.as('select public.send_verification_code($1) as r', ['libre@alumnos.udg.mx']);
      await first.as('select public.verify_email_code($1) as r', [await codeOf(first.uid)]);
      // Another account signs in with that very address and joins: one address, one count.
      const { rows } = await db.admin.query<{ id: string }>(
        "insert into auth.users (email) values ('libre@alumnos.udg.mx') returning id",
      );
      await db.admin.query(
        "insert into public.waitlist (uid, email, college_id, adult, notice_version) values ($1, 'libre@alumnos.udg.mx', 'udg-cucei', true, $2)",
        [rows[0]!.id, JOIN_TERMS.noticeVersion],
      );
      expect(await counted()).toBe(before + 1);
      // The first leaves: the address now counts for the one who signs in with it.
      await db.admin.query('delete from auth.users where id = $1', [first.uid]);
      expect(await counted()).toBe(before + 1);
      expect(await counted()).toBe(await recount());
    } finally {
      await first.client.end();
    }
  });
});

describe('concurrent milestones (issue 49)', () => {
  it('40 students joining at once across 25% and 50% of a threshold: each milestone once, each student at most one of each', async () => {
    await db.admin.query(
      `insert into public.colleges (id, name, subname, email_domains, university_of)
       values ('hito-paralelo', 'Universidad de Guadalajara', 'Paralelo', '{alumnos.udg.mx}', 'de la UdeG')`,
    );
    await db.admin.query(
      "insert into private.campus_settings (college_id, threshold) values ('hito-paralelo', 40)",
    );
    const { rows } = await db.admin.query<{ id: string; email: string }>(
      `insert into auth.users (email)
       select 'paralelo' || n || '@alumnos.udg.mx' from generate_series(1, 40) n returning id, email`,
    );
    const clients = await Promise.all(
      rows.map(async () => {
        const c = new pg.Client({ connectionString: db.url });
        await c.connect();
        return c;
      }),
    );
    try {
      const results = await Promise.allSettled(
        clients.map(async (c, n) => {
          const { id, email } = rows[n]!;
          await c.query('begin');
          await c.query(
            "select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)",
            [
              JSON.stringify({
                sub: id,
                email,
                role: 'authenticated',
                app_metadata: { provider: 'google' },
                is_anonymous: false,
              }),
            ],
          );
          await c.query(
            "insert into public.waitlist (uid, email, college_id, adult, notice_version) values ($1, $2, 'hito-paralelo', true, '2026-11-28')",
            [id, email],
          );
          await c.query('commit');
        }),
      );
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    } finally {
      await Promise.all(clients.map((c) => c.end()));
    }
    const reached = await db.admin.query<{ milestone: number; verified: number; mailed: boolean }>(
      `select milestone, verified, mailed from private.campus_milestones
       where college_id = 'hito-paralelo' order by milestone`,
    );
    // 40 of 40: every milestone reached, each once, each with a figure that had crossed it.
    expect(reached.rows.map((r) => r.milestone)).toEqual([25, 50, 75, 100]);
    for (const r of reached.rows) expect(r.verified * 100).toBeGreaterThanOrEqual(r.milestone * 40);
    const mail = await db.admin.query<{ milestone: number; user_id: string }>(
      `select milestone, user_id::text from private.mail_outbox
       where kind = 'milestone' and college_id = 'hito-paralelo'`,
    );
    const pairs = mail.rows.map((m) => `${m.milestone}:${m.user_id}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    // Every message's milestone was one the campus recorded as mailed.
    const mailed = reached.rows.filter((r) => r.mailed).map((r) => r.milestone);
    expect(mail.rows.every((m) => mailed.includes(m.milestone))).toBe(true);
    expect(mail.rows.length).toBeGreaterThan(0);
  });
});
