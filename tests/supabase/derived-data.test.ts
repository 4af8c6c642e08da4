// Issue 51, item 6: what the Supabase backend keeps on write so that its calls do not grow with
// the list (supabase/migrations/20261128000000_derived_counts.sql), held equal to what it is
// derived from, on the real database (PostgreSQL 15). Times are the benchmark's
// (npm run bench:supabase), never a test's.
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../stand-ins/supabase-db';

let db: Awaited<ReturnType<typeof freshDatabase>>;
let pool: pg.Pool;

beforeAll(async () => {
  db = await freshDatabase('derived');
  pool = new pg.Pool({ connectionString: db.url, max: 8 });
  // An idle client the database's drop (with force) ends at teardown reports it here, not as an
  // unhandled error of the run (pg's pools emit it when nothing listens).
  pool.on('error', () => {});
});
afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

const CAMPUSES = ['udg-cucei', 'udg-cucea', 'itesm-gdl'] as const;
const DOMAINS: Record<(typeof CAMPUSES)[number], string[]> = {
  'udg-cucei': ['alumnos.udg.mx'],
  'udg-cucea': ['alumnos.udg.mx'],
  'itesm-gdl': ['tec.mx'],
};

async function resetCampuses() {
  await pool.query('delete from auth.users');
  for (const id of CAMPUSES) {
    await pool.query('update public.colleges set email_domains = $2 where id = $1', [
      id,
      DOMAINS[id],
    ]);
  }
}

/** The counts kept on write, and the same counts taken from every entry. */
async function keptAndRecounted() {
  const kept = await pool.query<{ college_id: string; n: number }>(
    `select college_id, verified as n from private.campus_counts where verified > 0 order by 1`,
  );
  const recount = await pool.query<{ college_id: string; n: number }>(
    `select w.college_id, count(*)::int as n from public.waitlist w
     join public.colleges c on c.id = w.college_id
     where private.email_in_domains(w.email, c.email_domains)
     group by 1 order by 1`,
  );
  return { kept: kept.rows, recount: recount.rows };
}

async function student(email: string): Promise<string> {
  const { rows } = await pool.query<{ id: string }>(
    'insert into auth.users (email) values ($1) returning id',
    [email],
  );
  return rows[0]!.id;
}

describe("each campus's verified count, kept on write", () => {
  beforeEach(resetCampuses);

  // Addresses of every kind: the campus's university, a +tag alias (never verified), another
  // university, a personal one.
  const local = fc.constantFrom('ana', 'luis', 'ana+2', 'sofia', 'leo');
  const domain = fc.constantFrom('alumnos.udg.mx', 'cucei.alumnos.udg.mx', 'tec.mx', 'gmail.com');
  const campus = fc.constantFrom(...CAMPUSES);
  const command = fc.oneof(
    fc.record({ op: fc.constant('join' as const), who: fc.nat(7), campus }),
    fc.record({ op: fc.constant('move' as const), who: fc.nat(7), campus }),
    fc.record({ op: fc.constant('leave' as const), who: fc.nat(7) }),
    fc.record({ op: fc.constant('delete account' as const), who: fc.nat(7) }),
    fc.record({
      op: fc.constant('domains' as const),
      campus,
      domains: fc.subarray(['alumnos.udg.mx', 'tec.mx', 'gmail.com']),
    }),
  );

  it('equals a recount after any writes, run several at a time (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(local, domain), { minLength: 8, maxLength: 8 }),
        fc.array(fc.array(command, { minLength: 1, maxLength: 4 }), { maxLength: 8 }),
        async (addresses, rounds) => {
          await resetCampuses();
          const uids = await Promise.all(addresses.map(([l, d], i) => student(`${l}.${i}@${d}`)));
          const emailOf = addresses.map(([l, d], i) => `${l}.${i}@${d}`);
          for (const round of rounds) {
            // The commands of a round run at once, each on its own connection.
            await Promise.all(
              round.map(async (c) => {
                if (c.op === 'join') {
                  // A deleted account's join is refused (its key is gone), as the API's would be.
                  await pool
                    .query(
                      `insert into public.waitlist (uid, email, college_id) values ($1, $2, $3)
                       on conflict (uid) do nothing`,
                      [uids[c.who], emailOf[c.who], c.campus],
                    )
                    .catch((error: { code?: string }) => {
                      if (error.code !== '23503') throw error;
                    });
                } else if (c.op === 'move') {
                  await pool.query('update public.waitlist set college_id = $2 where uid = $1', [
                    uids[c.who],
                    c.campus,
                  ]);
                } else if (c.op === 'leave') {
                  await pool.query('delete from public.waitlist where uid = $1', [uids[c.who]]);
                } else if (c.op === 'delete account') {
                  await pool.query('delete from auth.users where id = $1', [uids[c.who]]);
                } else {
                  await pool.query('update public.colleges set email_domains = $2 where id = $1', [
                    c.campus,
                    c.domains,
                  ]);
                }
              }),
            );
            const { kept, recount } = await keptAndRecounted();
            expect(kept).toEqual(recount);
          }
        },
      ),
      { numRuns: 40, seed: 5106 },
    );
  });

  it('two groups of students moving in opposite directions at once: no deadlock, exact counts', async () => {
    const here = await Promise.all(
      Array.from({ length: 20 }, (_, i) => student(`a${i}@alumnos.udg.mx`)),
    );
    for (const [i, uid] of here.entries()) {
      await pool.query('insert into public.waitlist (uid, email, college_id) values ($1, $2, $3)', [
        uid,
        `a${i}@alumnos.udg.mx`,
        i % 2 ? 'udg-cucei' : 'udg-cucea',
      ]);
    }
    for (let round = 0; round < 5; round++) {
      const moves = here.map((uid, i) =>
        pool.query('update public.waitlist set college_id = $2 where uid = $1', [
          uid,
          (i + round) % 2 ? 'udg-cucea' : 'udg-cucei',
        ]),
      );
      expect((await Promise.allSettled(moves)).filter((m) => m.status === 'rejected')).toEqual([]);
    }
    const { kept, recount } = await keptAndRecounted();
    expect(kept).toEqual(recount);
    expect(kept.reduce((sum, row) => sum + row.n, 0)).toBe(20);
  });

  it('my_campus() and the welcome read the kept count (floored at 10)', async () => {
    const uids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const uid = await student(`m${i}@alumnos.udg.mx`);
      uids.push(uid);
      await pool.query('insert into public.waitlist (uid, email, college_id) values ($1, $2, $3)', [
        uid,
        `m${i}@alumnos.udg.mx`,
        'udg-cucei',
      ]);
    }
    const myCampus = async () => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query(`select set_config('request.jwt.claims', $1, true)`, [
          JSON.stringify({ sub: uids[0], role: 'authenticated' }),
        ]);
        await client.query('set local role authenticated');
        const { rows } = await client.query('select * from public.my_campus()');
        return rows[0];
      } finally {
        await client.query('rollback');
        client.release();
      }
    };
    expect(await myCampus()).toMatchObject({ verified: true, verified_count: 10 });
    // The count is what is kept: an operator's change of domains recounts it.
    await pool.query(
      `update public.colleges set email_domains = '{tec.mx}' where id = 'udg-cucei'`,
    );
    expect(await myCampus()).toMatchObject({ verified: false, verified_count: null });
    await pool.query(
      `update public.colleges set email_domains = '{alumnos.udg.mx}' where id = 'udg-cucei'`,
    );
    const { rows } = await pool.query(
      `select kind, verified from private.claim_mail(now(), 1, now() + interval '1 minute')`,
    );
    expect(rows).toEqual([{ kind: 'welcome', verified: 10 }]);
  });
});

describe("the hero strip's candidates, kept on write", () => {
  beforeEach(resetCampuses);

  const photo = (n: number) => `https://lh3.googleusercontent.com/a/foto-${n}`;
  async function consenting(n: number, { approved = true, grantedAt = n } = {}) {
    const uid = await student(`h${n}@alumnos.udg.mx`);
    await pool.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider)
       values ($1, $2, $3, 'google')`,
      [`google-h${n}`, uid, { avatar_url: photo(n) }],
    );
    await pool.query(
      `insert into public.waitlist (uid, email, college_id) values ($1, $2, 'udg-cucei')`,
      [uid, `h${n}@alumnos.udg.mx`],
    );
    await pool.query(
      `alter table public.hero_consent disable trigger hero_consent_date;
       insert into public.hero_consent (user_id, granted_at)
       values ('${uid}', '2026-11-01'::timestamptz + ${grantedAt} * interval '1 minute');
       alter table public.hero_consent enable trigger hero_consent_date;`,
    );
    await pool.query(
      'insert into private.hero_photo_review (user_id, photo_url, approved) values ($1, $2, $3)',
      [uid, photo(n), approved],
    );
    return uid;
  }
  const strip = async () =>
    (
      await pool.query<{ photoURL: string }>('select * from public.get_hero_profile_images()')
    ).rows.map((r) => r.photoURL);

  it('shows the 5 oldest approved photos past any number of older unapproved ones', async () => {
    for (let n = 0; n < 30; n++) await consenting(n, { approved: false });
    for (let n = 30; n < 37; n++) await consenting(n);
    expect(await strip()).toEqual([30, 31, 32, 33, 34].map(photo));
  });

  it('follows a withdrawal, a rejection, a departure from the list, a changed photo and a deleted account', async () => {
    const uids = [];
    for (let n = 0; n < 7; n++) uids.push(await consenting(n));
    expect(await strip()).toEqual([0, 1, 2, 3, 4].map(photo));

    await pool.query('delete from public.hero_consent where user_id = $1', [uids[0]]);
    await pool.query('update private.hero_photo_review set approved = false where user_id = $1', [
      uids[1],
    ]);
    await pool.query('delete from public.waitlist where uid = $1', [uids[2]]);
    await pool.query(
      `update auth.identities set identity_data = '{"avatar_url": "https://lh3.googleusercontent.com/a/otra"}'
       where user_id = $1`,
      [uids[3]],
    );
    await pool.query('delete from auth.users where id = $1', [uids[4]]);
    expect(await strip()).toEqual([5, 6].map(photo));

    // Back on the list, the approved photo is back; the changed photo is pending until reviewed.
    await pool.query(
      `insert into public.waitlist (uid, email, college_id) values ($1, 'h2@alumnos.udg.mx', 'udg-cucei')`,
      [uids[2]],
    );
    expect(await strip()).toEqual([2, 5, 6].map(photo));
    await pool.query(
      `update private.hero_photo_review set photo_url = 'https://lh3.googleusercontent.com/a/otra'
       where user_id = $1`,
      [uids[3]],
    );
    expect(await strip()).toEqual([
      photo(2),
      'https://lh3.googleusercontent.com/a/otra',
      photo(5),
      photo(6),
    ]);

    // A refresh that lost a race (a row the table should no longer hold) shows nothing: the call
    // checks each candidate against the consent, the entry and the approved review again.
    await pool.query(
      `insert into private.hero_strip (user_id, photo_url, granted_at)
       values ($1, $2, '2026-11-01'), ($3, $4, '2026-11-01')`,
      [uids[0], photo(0), uids[1], photo(1)],
    );
    expect(await strip()).toEqual([
      photo(2),
      'https://lh3.googleusercontent.com/a/otra',
      photo(5),
      photo(6),
    ]);

    // The kill switch empties it.
    await pool.query('update private.hero_settings set strip_enabled = false');
    expect(await strip()).toEqual([]);
    await pool.query('update private.hero_settings set strip_enabled = true');
  });
});

describe('the HMAC of the leave links and the ledger (pgcrypto)', () => {
  it('gives RFC 4231’s SHA-256 answers, a key longer than a block too', async () => {
    const hmac = async (keyHex: string, data: string) =>
      (
        await pool.query<{ h: string }>(
          `select encode(private.hmac_sha256(decode($1, 'hex'), convert_to($2, 'UTF8')), 'hex') as h`,
          [keyHex, data],
        )
      ).rows[0]!.h;
    expect(await hmac('0b'.repeat(20), 'Hi There')).toBe(
      'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7',
    );
    expect(
      await hmac('aa'.repeat(131), 'Test Using Larger Than Block-Size Key - Hash Key First'),
    ).toBe('60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54');
  });
});
