// Part of npm run bench:supabase (scripts/perf/bench-supabase.sh starts PostgreSQL 15 first): joins
// through the Supabase stand-in on a fresh copy of the migrated database, timed per request.
//   - N students joining at once (default 1,000): throughput, p50/p95/p99, errors, rows;
//   - 50 simultaneous joins of one student: one row, no error;
//   - issue 28: 1,000 students across 20 campuses joining at once (a quarter with a personal
//     address), 200 of them handing out invite codes, 400 classmates joining with them at once
//     (duplicates and self-invites among them): then every campus's figure (my_campus()) and
//     every inviter's count (my_invites()) is compared with a recount in SQL.
// Figures are printed, never asserted. The requests are supabase-js's own (@supabase/postgrest-js,
// the same upsert the adapter sends), over HTTP to the stand-in, which runs each one as
// `authenticated` with the student's claims under the real row-level security.
import { performance } from 'node:perf_hooks';
import { PostgrestClient } from '@supabase/postgrest-js';
import { runnerImport } from 'vite';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const students = arg('students', 1000);
const poolSize = arg('pool', 20);
const load = async (p) => (await runnerImport(p, { configFile: false })).module;
const { freshDatabase } = await load('./stand-ins/supabase-db.ts');
const { startSupabaseStandIn } = await load('./stand-ins/supabase-stand-in.ts');

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const fmt = (ms) => `${ms.toFixed(1)} ms`;

const db = await freshDatabase('bench');
const standIn = await startSupabaseStandIn({ databaseUrl: db.url, poolSize });
try {
  const report = async (label, sessions, collegeOf) => {
    const start = performance.now();
    const results = await Promise.all(sessions.map((s, i) => join(s, collegeOf(i))));
    const wall = performance.now() - start;
    const times = results.map((r) => r.ms).sort((a, b) => a - b);
    const errors = results.filter((r) => r.error);
    const { rows } = await standIn.pool.query(
      'select count(*)::int as n from public.waitlist where uid = any($1::uuid[])',
      [[...new Set(sessions.map((s) => s.user.id))]],
    );
    console.log(
      `${label}: ${results.length} requests in ${fmt(wall)} = ${((results.length / wall) * 1000).toFixed(0)} joins/s; ` +
        `latency p50 ${fmt(percentile(times, 50))}, p95 ${fmt(percentile(times, 95))}, p99 ${fmt(percentile(times, 99))}, max ${fmt(times.at(-1))}; ` +
        `errors ${errors.length}${errors.length ? ` (${errors[0].error})` : ''}; rows ${rows[0].n}`,
    );
  };

  const sessions = await Promise.all(
    Array.from({ length: students }, (_, i) =>
      standIn.sessionFor({ email: `bench${i}@alumnos.udg.mx` }),
    ),
  );
  await report(
    `${students} students joining at once (stand-in pool ${poolSize})`,
    sessions,
    () => 'udg-cucei',
  );
  const one = await standIn.sessionFor({ email: 'una.misma@alumnos.udg.mx' });
  const colleges = ['udg-cucei', 'udg-cucea', 'itesm-gdl'];
  await report('50 simultaneous joins of one student', Array(50).fill(one), (i) => colleges[i % 3]);

  await campusesAndInvites();
} finally {
  await standIn.close();
  await db.drop();
}

/** Issue 28: counts under concurrent joins and invites, each compared with a recount. */
async function campusesAndInvites() {
  const floor = 10;
  const { rows: campuses } = await standIn.pool.query(
    `select id, email_domains[1] as domain from public.colleges
     where cardinality(email_domains) > 0 order by position limit 20`,
  );
  const total = 1000;
  const sessions = await Promise.all(
    Array.from({ length: total }, (_, i) => {
      const campus = campuses[i % campuses.length];
      const email = i % 4 === 3 ? `c${i}@gmail.com` : `c${i}@${campus.domain}`;
      return standIn.sessionFor({ email }).then((session) => ({ session, campus: campus.id }));
    }),
  );
  const rpc = (session, fn, args) =>
    new PostgrestClient(`${standIn.url}/rest/v1`, {
      headers: { apikey: standIn.anonKey, Authorization: `Bearer ${session.access_token}` },
    }).rpc(fn, args);
  let start = performance.now();
  const joined = await Promise.all(sessions.map(({ session, campus }) => join(session, campus)));
  const joinMs = performance.now() - start;
  // 200 inviters take their codes at once; 400 classmates join with them at once, 40 of them
  // twice, and 20 inviters try their own code.
  const inviters = sessions.slice(0, 200);
  const codes = await Promise.all(
    inviters.map(async ({ session }) => (await rpc(session, 'my_invites')).data?.[0]?.code),
  );
  const accepts = [];
  for (let i = 200; i < 600; i++) {
    const code = codes[i % 200];
    accepts.push(rpc(sessions[i].session, 'accept_invite', { invite_code: code }));
    if (i % 10 === 0)
      accepts.push(rpc(sessions[i].session, 'accept_invite', { invite_code: code }));
  }
  for (let i = 0; i < 20; i++) {
    accepts.push(rpc(inviters[i].session, 'accept_invite', { invite_code: codes[i] }));
  }
  start = performance.now();
  const accepted = await Promise.all(accepts);
  const acceptMs = performance.now() - start;
  const credited = accepted.filter((a) => a.data === true).length;
  const errors = [...joined.filter((j) => j.error), ...accepted.filter((a) => a.error)].length;

  // Every campus's figure against a recount (floored as the page gets it).
  let campusMismatches = 0;
  for (const campus of campuses) {
    const member = sessions.find((s) => s.campus === campus.id);
    const answer = (await rpc(member.session, 'my_campus')).data?.[0];
    const { rows } = await standIn.pool.query(
      `select count(*)::int as n from public.waitlist w join public.colleges c on c.id = w.college_id
       where w.college_id = $1 and private.email_in_domains(w.email, c.email_domains)`,
      [campus.id],
    );
    const recount = rows[0].n >= floor ? rows[0].n : null;
    if ((answer?.verified_count ?? null) !== recount) campusMismatches++;
  }
  // Every inviter's count against a recount of the credits.
  let inviteMismatches = 0;
  const answers = await Promise.all(
    inviters.map(async ({ session }) => (await rpc(session, 'my_invites')).data?.[0]?.joined),
  );
  const { rows: credits } = await standIn.pool.query(
    `select inviter::text as uid, count(*)::int as n from private.invites group by inviter`,
  );
  const recounted = new Map(credits.map((r) => [r.uid, r.n]));
  inviters.forEach(({ session }, i) => {
    if (answers[i] !== (recounted.get(session.user.id) ?? 0)) inviteMismatches++;
  });
  console.log(
    `issue 28: ${total} students across ${campuses.length} campuses joined at once in ${fmt(joinMs)}; ` +
      `${accepts.length} invite credits sent at once in ${fmt(acceptMs)}, ${credited} credited ` +
      `(400 expected: duplicates and self-invites refused); errors ${errors}; ` +
      `campus figures equal to a recount: ${campuses.length - campusMismatches}/${campuses.length}; ` +
      `inviter counts equal to a recount: ${inviters.length - inviteMismatches}/${inviters.length}`,
  );
}

async function join(session, collegeId = 'udg-cucei') {
  const rest = new PostgrestClient(`${standIn.url}/rest/v1`, {
    headers: { apikey: standIn.anonKey, Authorization: `Bearer ${session.access_token}` },
  });
  const start = performance.now();
  const { error, status } = await rest.from('waitlist').upsert(
    {
      uid: session.user.id,
      email: session.user.email,
      college_id: collegeId,
      // What joining confirms (src/domain/join-terms.ts), as the adapter sends it.
      adult: true,
      notice_version: '2026-11-28',
    },
    { onConflict: 'uid', ignoreDuplicates: true },
  );
  return { ms: performance.now() - start, error: error ? `${status} ${error.message}` : null };
}
