// Issue 59's scripted abuse run on PostgreSQL 15 (the Supabase backend), offline:
//
//   node scripts/bench/code-abuse-supabase.mjs [--entries 50000] [--requests 1000]
//
// On a throwaway cluster with the migrations and the seed (scripts/test/supabase-db.sh: Debian's
// PostgreSQL 15, else the npm registry's embedded one; the script starts it itself), with
// `--entries` students on the waitlist:
//   1. one Google identity deletes its account and joins again 100 times, asking for a code each
//      time: the code e-mails queued (the identity's caps hold: 3 an hour, 12 for life);
//   2. a loop of `--requests` code requests by 250 accounts over 200 university addresses, 50 of
//      them taken (25 a student's sign-in address, 25 verified by another account), run twice on
//      copies of one database: as it is, and with the 50 holders' accounts deleted (the same
//      addresses free). Printed: the code e-mails queued, and how many answers differ between
//      the two runs (outcome, fields, address; a time as its offset from the request, within a
//      minute): the target is 0;
//   3. the loop's database time per code request (`select public.send_verification_code(…)`,
//      timed over a local connection) with public.waitlist's lower(email) index, and on a copy
//      without it (dropped): the "before" and "after" of issue 59, point 5. The databases take
//      each request in turn, so a busy machine slows them alike; then the address check alone
//      (private.address_taken), 1,000 calls on each.
// Figures are printed, never asserted.
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const ENTRIES = arg('entries', 50_000);
const REQUESTS = arg('requests', 1000);
const CALLERS = 250;
const ADDRESSES = 200;
const TAKEN_BY_SIGN_IN = 25;
const TAKEN_BY_CODE = 25;
const SECRET = 'code-abuse-bench-secret-0123456789abcdef01';

if (!process.env.SUPABASE_DB_URL_BASE) {
  // Not under a cluster yet: start one (and the migrations), then run again inside it.
  const self = fileURLToPath(import.meta.url);
  const run = spawnSync(
    'bash',
    [
      '-c',
      '. scripts/test/supabase-db.sh && ensure_postgres >/dev/null && start_cluster && ' +
        'migrate_database migrated && SUPABASE_TEMPLATE_DB=migrated node "$0" "$@"',
      self,
      ...process.argv.slice(2),
    ],
    { stdio: 'inherit', cwd: fileURLToPath(new URL('../..', import.meta.url)) },
  );
  process.exit(run.status ?? 1);
}

const base = process.env.SUPABASE_DB_URL_BASE;
const template = process.env.SUPABASE_TEMPLATE_DB ?? 'migrated';
const made = [];

/** A new database copied from `from` (no one connected to it), and a client on it. */
async function copyOf(from, name) {
  const admin = new pg.Client({ connectionString: `${base}/postgres` });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}" template "${from}"`);
  await admin.end();
  made.push(name);
  const client = new pg.Client({ connectionString: `${base}/${name}` });
  client.on('error', () => {}); // a copy dropped at the end while still open: no crash
  await client.connect();
  return client;
}

/** The student's own call, as PostgREST makes it: the answer and the query's time (ms). */
async function sendCode(db, uid, address) {
  await db.query('begin');
  try {
    await db.query(
      `select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`,
      [JSON.stringify({ sub: uid, role: 'authenticated' })],
    );
    const start = performance.now();
    const { rows } = await db.query('select public.send_verification_code($1) as r', [address]);
    const ms = performance.now() - start;
    return { answer: rows[0].r, ms };
  } finally {
    await db.query('commit');
  }
}

/** A Google student on the list: `sub` is the Google identity, kept across accounts. */
async function join(db, email, sub, college = 'udg-cucei') {
  const { rows } = await db.query('insert into auth.users (email) values ($1) returning id::text', [
    email,
  ]);
  const uid = rows[0].id;
  await db.query(
    `insert into auth.identities (provider_id, user_id, provider) values ($1, $2, 'google')`,
    [sub, uid],
  );
  await db.query('insert into public.waitlist (uid, email, college_id) values ($1, $2, $3)', [
    uid,
    email,
    college,
  ]);
  return uid;
}

const queuedCodes = async (db) =>
  (await db.query(`select count(*)::int as n from private.mail_outbox where kind = 'code'`)).rows[0]
    .n;
const address = (i) => `objetivo${i}@alumnos.udg.mx`;
const tally = (answers) =>
  Object.entries(answers.reduce((t, a) => ({ ...t, [a.outcome]: (t[a.outcome] ?? 0) + 1 }), {}))
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
const fmt = (ms) => `${ms.toFixed(2)} ms`;

try {
  // The list: ENTRIES students (personal sign-in addresses), the takers, the callers.
  const seedStart = performance.now();
  const seeded = await copyOf(template, 'abuse_seeded');
  await seeded.query('insert into private.mail_settings (token_secret) values ($1)', [SECRET]);
  // In batches: each entry's triggers take locks of their own (one transaction would run out).
  for (let from = 1; from <= ENTRIES; from += 2000) {
    await seeded.query(
      `with made as (
         insert into auth.users (email)
         select 'lista' || g || '@gmail.com' from generate_series($1::int, $2::int) g
         returning id, email
       ), google as (
         insert into auth.identities (provider_id, user_id, provider)
         select 'sub-' || email, id, 'google' from made
       )
       insert into public.waitlist (uid, email, college_id)
       select id, email, 'udg-cucei' from made`,
      [from, Math.min(ENTRIES, from + 1999)],
    );
  }
  // Taken: 25 addresses a student signs in with, 25 another account verified.
  for (let i = 0; i < TAKEN_BY_SIGN_IN; i++) await join(seeded, address(i), `sub-holder-${i}`);
  for (let i = TAKEN_BY_SIGN_IN; i < TAKEN_BY_SIGN_IN + TAKEN_BY_CODE; i++) {
    const uid = await join(seeded, `holder${i}@gmail.com`, `sub-holder-${i}`);
    await seeded.query(
      'insert into private.email_verifications (user_id, address) values ($1, $2)',
      [uid, address(i)],
    );
  }
  const callers = [];
  for (let i = 0; i < CALLERS; i++)
    callers.push(await join(seeded, `caller${i}@gmail.com`, `sub-caller-${i}`));
  await seeded.query('analyze');
  await seeded.end();
  console.log(
    `Seeded ${ENTRIES.toLocaleString('en')} entries, 50 holders and ${CALLERS} callers in ` +
      `${((performance.now() - seedStart) / 1000).toFixed(1)} s.`,
  );

  // 1. One identity, 100 accounts.
  {
    const db = await copyOf('abuse_seeded', 'abuse_rejoin');
    const answers = [];
    let queued = 0;
    for (let round = 0; round < 100; round++) {
      const uid = await join(db, 'reincidente@gmail.com', 'sub-reincidente', 'itesm-gdl');
      answers.push((await sendCode(db, uid, `blanco${round}@tec.mx`)).answer);
      // Counted before the account goes: its outbox rows go with it.
      queued += (
        await db.query(
          `select count(*)::int as n from private.mail_outbox where kind = 'code' and user_id = $1`,
          [uid],
        )
      ).rows[0].n;
      await db.query('delete from auth.users where id = $1', [uid]);
    }
    const { rows } = await db.query(
      `select coalesce(sum(total), 0)::int as total from private.code_identities`,
    );
    console.log(
      `1. One identity deleting and re-joining 100 times: code e-mails queued ${queued} ` +
        `(answers: ${tally(answers)}); the identity's counted requests ${rows[0].total}.`,
    );
    await db.end();
  }

  // 2 and 3. The loop, taken and free, with and without the index.
  /** The loop on each database, request by request in turn (the machine's load falls alike). */
  const loops = async (dbs) => {
    const runs = dbs.map(() => ({ answers: [], times: [] }));
    for (let k = 0; k < REQUESTS; k++) {
      const caller = callers[Math.floor(k / (REQUESTS / CALLERS)) % CALLERS];
      for (const [i, db] of dbs.entries()) {
        const { answer, ms } = await sendCode(db, caller, address(k % ADDRESSES));
        // Times as offsets (s) from the request: compared with a minute's tolerance below.
        const shape = { ...answer };
        for (const key of ['retryAt', 'expiresAt']) {
          if (key in shape) shape[key] = (shape[key] - Date.now()) / 1000;
        }
        runs[i].answers.push(shape);
        runs[i].times.push(ms);
      }
    }
    const meanOf = (list) => list.reduce((s, t) => s + t, 0) / list.length;
    return runs.map(({ answers, times }) => ({
      answers,
      mean: meanOf(times),
      // The requests that reach the address checks (answered 'sent'), where the index is read.
      sent: meanOf(times.filter((_, k) => answers[k].outcome === 'sent')),
      p50: [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)],
    }));
  };

  /** The address check alone (private.address_taken, as the code request runs it), `n` times. */
  const addressCheck = async (db, n = 1000) => {
    let total = 0;
    for (let k = 0; k < n; k++) {
      const start = performance.now();
      await db.query('select private.address_taken($1, $2)', [callers[0], address(k % ADDRESSES)]);
      total += performance.now() - start;
    }
    return total / n;
  };

  const taken = await copyOf('abuse_seeded', 'abuse_taken');
  const free = await copyOf('abuse_seeded', 'abuse_free');
  await free.query(
    `delete from auth.users u using auth.identities i
     where i.user_id = u.id and i.provider_id like 'sub-holder-%'`,
  );
  const noIndex = await copyOf('abuse_seeded', 'abuse_no_index');
  await noIndex.query('drop index public.waitlist_email_lower');
  await noIndex.query('analyze public.waitlist');

  const [withHolders, withoutHolders, before] = await loops([taken, free, noIndex]);
  const checkBefore = await addressCheck(noIndex);
  const checkAfter = await addressCheck(taken);
  let differ = 0;
  for (let k = 0; k < REQUESTS; k++) {
    const [a, b] = [withHolders.answers[k], withoutHolders.answers[k]];
    const keys = (x) => Object.keys(x).sort().join();
    const near = (key) => !(key in a) || Math.abs(a[key] - b[key]) <= 60;
    if (
      a.outcome !== b.outcome ||
      a.address !== b.address ||
      keys(a) !== keys(b) ||
      !near('retryAt') ||
      !near('expiresAt')
    ) {
      differ++;
    }
  }
  console.log(
    `2. ${REQUESTS.toLocaleString('en')} code requests by ${CALLERS} accounts over ${ADDRESSES} addresses (50 taken): ` +
      `code e-mails queued ${await queuedCodes(taken)} (answers: ${tally(withHolders.answers)}); ` +
      `answers that differ between taken and free: ${differ}.`,
  );
  console.log(
    `3. Database time per code request at ${ENTRIES.toLocaleString('en')} entries: ` +
      `before the index (dropped) mean ${fmt(before.mean)}, p50 ${fmt(before.p50)}, ` +
      `mean of those answered 'sent' ${fmt(before.sent)}; after mean ${fmt(withHolders.mean)}, ` +
      `p50 ${fmt(withHolders.p50)}, mean of those answered 'sent' ${fmt(withHolders.sent)}. ` +
      `The address check alone (private.address_taken, 1,000 calls): before ${fmt(checkBefore)}, ` +
      `after ${fmt(checkAfter)}.`,
  );
  for (const db of [taken, free, noIndex]) await db.end();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  const admin = new pg.Client({ connectionString: `${base}/postgres` });
  await admin.connect();
  for (const name of made) await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.end();
}
