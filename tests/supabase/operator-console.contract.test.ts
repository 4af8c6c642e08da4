// @vitest-environment jsdom
// The operator console (issue 61) on Supabase: the shared contract suite through supabase-js
// against the stand-in on the migrated PostgreSQL 15 (the role granted as the command grants it,
// private.set_operator), and what the contract does not say: the campuses view equals the launch
// report the command prints from the same records (the counters kept on write against a recount).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSupabaseBackend } from '@/adapters/supabase/supabase-backend';
import { launchReport, type LaunchReportInput } from '@/domain/launch-report';
import { describeOperatorConsoleContract } from '../app/contract/operator-console.contract';
import { memoryStorage } from '../support/memory-storage';
import { fakePopup } from '../support/supabase-popup';
import { withFreshDatabase } from '../support/fresh-database';
import { startSupabaseStandIn, type SupabaseStandIn } from '../../stand-ins/supabase-stand-in';
// @ts-expect-error: a plain JavaScript module of the operators' commands, without type declarations
import { launchInput } from '../../scripts/ops/report/supabase.mjs';

const CALLBACK = 'http://127.0.0.1:4373/auth/callback.html';

let standIn: SupabaseStandIn;
const db = withFreshDatabase('operator_console');
beforeAll(async () => {
  standIn = await startSupabaseStandIn({ databaseUrl: db.url });
});
afterAll(async () => {
  await standIn?.close();
});

let clients = 0;
const backend = () =>
  createSupabaseBackend(
    {
      url: standIn.url,
      anonKey: standIn.anonKey,
      callbackUrl: CALLBACK,
      storage: memoryStorage(),
      storageKey: `sb-operator-${clients++}`,
    },
    { openPopup: fakePopup({ close: false }), userAgent: 'vitest' },
  );

/** A short unique word of letters (campus request texts refuse long runs of digits). */
let serial = 0;
const word = () => {
  let n = Date.now() * 100 + serial++;
  let out = '';
  while (n > 0) {
    out = String.fromCharCode(97 + (n % 26)) + out;
    n = Math.floor(n / 26);
  }
  return out;
};

/** A signed-in console of a new account (Google, through the stand-in's popup). */
async function signedIn(email: string) {
  const b = backend();
  standIn.arrangeSignIn({ email });
  const user = await b.auth.signInWithPopup();
  return { b, user };
}

/** A new account on the list, as the operators' seeding writes it (the owner's client). */
async function seedAccount(email: string, collegeId: string, meta: Record<string, unknown> = {}) {
  const { rows } = await db.admin.query<{ id: string }>(
    'insert into auth.users (email, raw_user_meta_data) values ($1, $2) returning id',
    [email, meta],
  );
  const uid = rows[0]!.id;
  await db.admin.query('insert into public.waitlist (uid, email, college_id) values ($1, $2, $3)', [
    uid,
    email,
    collegeId,
  ]);
  return uid;
}

/** A Google student calling the database as PostgREST would (role and claims), in a rolled-back-free transaction. */
async function asGoogleStudent<T>(uid: string, sql: string, params: unknown[]): Promise<T[]> {
  await db.admin.query('begin');
  try {
    await db.admin.query(
      "select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)",
      [JSON.stringify({ sub: uid, role: 'authenticated', app_metadata: { provider: 'google' } })],
    );
    const { rows } = await db.admin.query(sql, params);
    await db.admin.query('commit');
    return rows as T[];
  } catch (error) {
    await db.admin.query('rollback');
    throw error;
  }
}

let campuses = 0;
async function freshCampus() {
  const id = `consola-${campuses++}-${word()}`;
  await db.admin.query(
    `insert into public.colleges (id, name, subname, short_name, email_domains, university_of)
     values ($1, 'Universidad de Guadalajara', 'CUCEI', 'UDG - Consola', '{alumnos.udg.mx}', 'de la UdeG')`,
    [id],
  );
  return id;
}

let requestName = word();
async function seedRequest(students: number, domain?: string) {
  // One name per test: a call with a domain and the next one ask for the same campus.
  const name = `Instituto ${requestName}`;
  if (!domain) requestName = word();
  let pending = '';
  for (let n = 0; n < students; n++) {
    const email = `pide.${word()}@${domain ?? 'gmail.com'}`;
    const { rows } = await db.admin.query<{ id: string }>(
      'insert into auth.users (email) values ($1) returning id',
      [email],
    );
    const uid = rows[0]!.id;
    const [answer] = await asGoogleStudent<{ r: { id: string } }>(
      uid,
      "select public.request_campus($1, 'Colima') as r",
      [name],
    );
    pending = answer!.r.id;
    await db.admin.query(
      'insert into public.waitlist (uid, email, college_id) values ($1, $2, $3)',
      [uid, email, pending],
    );
  }
  return pending;
}

/** An operator's console (the role granted as the command grants it). */
async function operatorConsole() {
  const email = `operadora.${word()}@example.mx`;
  const { b } = await signedIn(email);
  await db.admin.query("select * from private.set_operator($1, true, 'terminal:test')", [email]);
  return { console: b.operatorConsole, email };
}

describeOperatorConsoleContract('supabase (stand-in over PostgreSQL 15)', async () => ({
  asOperator: operatorConsole,
  async asStudent() {
    const email = `estudiante.${word()}@alumnos.udg.mx`;
    const { b, user } = await signedIn(email);
    await db.admin.query(
      "insert into public.waitlist (uid, email, college_id) values ($1, $2, 'udg-cucei')",
      [user.uid, email],
    );
    return b.operatorConsole;
  },
  asAnonymous: async () => backend().operatorConsole,
  freshCampus,
  async seedStudent(collegeId, { verified, seller }) {
    const email = `alumna.${word()}@${verified ? 'alumnos.udg.mx' : 'gmail.com'}`;
    const uid = await seedAccount(email, collegeId);
    if (seller) {
      await db.admin.query(
        "insert into private.seller_choices (user_id, categories) values ($1, '{snacks}')",
        [uid],
      );
    }
    return { uid, email };
  },
  seedRequest,
  async seedHeroPhoto() {
    const email = `foto.${word()}@alumnos.udg.mx`;
    const photo = `https://lh3.googleusercontent.com/a/${word()}`;
    const uid = await seedAccount(email, 'udg-cucei', { avatar_url: photo });
    await db.admin.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider)
       values ($1, $2, $3, 'google')`,
      [`g-${uid}`, uid, { avatar_url: photo }],
    );
    await db.admin.query('insert into public.hero_consent (user_id) values ($1)', [uid]);
    return uid;
  },
  async launchMail(collegeId) {
    const { rows } = await db.admin.query<{ uid: string }>(
      `select user_id::text as uid from private.mail_outbox
       where kind = 'launch' and college_id = $1 and id = 'launch:' || college_id || ':' || user_id`,
      [collegeId],
    );
    return rows.map((r) => r.uid);
  },
  async runDueLaunches(now) {
    await db.admin.query('select private.run_due_launches($1)', [now]);
  },
  async studentExists(uid) {
    const { rows } = await db.admin.query('select 1 from auth.users where id::text = $1', [uid]);
    return rows.length > 0;
  },
}));

describe('the operator console on Supabase, beyond the contract', () => {
  it('shows each campus as the launch report the command prints from the same records (counters kept on write = a recount)', async () => {
    const { console } = await operatorConsole();
    const [a, b] = [await freshCampus(), await freshCampus()];
    const uids: string[] = [];
    for (let n = 0; n < 24; n++) {
      const verified = n % 3 !== 0;
      const email = `mezcla.${word()}@${verified ? 'alumnos.udg.mx' : 'gmail.com'}`;
      uids.push(await seedAccount(email, n % 2 ? a : b));
    }
    for (const [n, uid] of uids.entries()) {
      if (n % 4 === 0) {
        await db.admin.query(
          'insert into private.seller_choices (user_id, categories) values ($1, $2)',
          [uid, n % 8 ? ['snacks'] : ['postres', 'servicios']],
        );
      }
      if (n % 5 === 0) {
        await db.admin.query(
          'insert into private.join_sources (user_id, source, medium) values ($1, $2, $3)',
          [uid, n % 10 ? 'whatsapp' : 'cartel', n % 10 ? 'grupo' : null],
        );
      }
      if (n >= 2 && n % 6 === 2) {
        await db.admin.query('insert into private.invites (invitee, inviter) values ($1, $2)', [
          uid,
          uids[n - 2],
        ]);
      }
    }
    await db.admin.query(
      `insert into private.campus_settings (college_id, threshold, seller_minimum) values ($1, 10, 2)`,
      [a],
    );
    // A student moves, another leaves, an address is verified: the counters follow.
    await db.admin.query('update public.waitlist set college_id = $1 where uid = $2', [a, uids[0]]);
    await db.admin.query('delete from public.waitlist where uid = $1', [uids[3]]);
    await db.admin.query(
      'insert into private.email_verifications (user_id, address) values ($1, $2)',
      [uids[6], `verificada.${word()}@alumnos.udg.mx`],
    );
    await seedRequest(2);

    const input = (await launchInput({ db: db.url }, 'usage')) as LaunchReportInput;
    const expected = launchReport(input);
    const shown = await console.campuses();
    expect(shown.map((c) => c.report.campus).sort()).toEqual(expected.map((r) => r.campus).sort());
    for (const row of expected) {
      expect(shown.find((c) => c.report.campus === row.campus)?.report, row.campus).toEqual(row);
    }
    // Not a trivial equality: invites, sellers and sources counted on the campuses.
    const rowB = shown.find((c) => c.report.campus === b)?.report;
    expect(rowB?.invited).toBeGreaterThan(0);
    expect(rowB?.sellersVerified).toBeGreaterThan(0);
    expect(rowB?.sources.length).toBeGreaterThan(0);
  });

  it('records each retention run, what it deleted, for the health view', async () => {
    const { console } = await operatorConsole();
    await db.admin.query('select count(*) from private.apply_retention(true)');
    const before = (await console.health()).retention;
    await db.admin.query(
      "insert into auth.users (email, created_at) values ($1, now() - interval '40 days')",
      [`inactiva.${word()}@gmail.com`],
    );
    await db.admin.query('select count(*) from private.apply_retention(false)');
    const { retention } = await console.health();
    expect(retention).not.toBeNull();
    expect(retention?.at).not.toBe(before?.at);
    expect(retention?.deleted).toMatchObject({ accounts: expect.any(Number), operatorLog: 0 });
    expect(retention?.deleted.accounts).toBeGreaterThanOrEqual(1);
  });
});
