// Issue 61's scale figure on PostgreSQL 15 (the Supabase backend), offline:
//
//   node scripts/bench/operator-console-supabase.mjs [--campuses 200] [--students 100000] [--runs 5]
//
// On a throwaway cluster with the migrations and the seed (scripts/test/supabase-db.sh: Debian's
// PostgreSQL 15, else the npm registry's embedded one; the script starts it itself): `--campuses`
// catalogue campuses (a third with settings), `--students` students on their lists (half with a
// university address, a fifth of them sellers, a third with a source, a few invited). They are
// bulk-loaded with the triggers off (a join's triggers, row by row in one statement, take
// minutes over 100,000 rows), then counted by the functions those triggers call:
// private.recount_verified per campus, and private.recount_operator_counts (the migration's
// backfill: every student's counters, as private.reconcile_operator_counts keeps them on write).
// Then the console's campuses view, public.operator_campuses(),
// as an operator calls it through PostgREST (role authenticated, the JWT's claims), `--runs`
// times over a local connection: each run's time, the median, the rows and the answer's size.
// The target: under 1 s. Figures are printed, never asserted.
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const CAMPUSES = arg('campuses', 200);
const STUDENTS = arg('students', 100_000);
const RUNS = arg('runs', 5);

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
const admin = new pg.Client({ connectionString: `${base}/postgres` });
await admin.connect();
await admin.query('drop database if exists operator_bench with (force)');
await admin.query(`create database operator_bench template "${template}"`);
await admin.end();
const db = new pg.Client({ connectionString: `${base}/operator_bench` });
await db.connect();

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const timed = async (what, sql, params = []) => {
  const t0 = performance.now();
  const result = await db.query(sql, params);
  console.log(`  ${what}: ${seconds(performance.now() - t0)}`);
  return result;
};

console.log(`Seeding ${CAMPUSES} campuses and ${STUDENTS.toLocaleString('en')} students...`);
await timed(
  'campuses',
  `insert into public.colleges (id, name, subname, short_name, email_domains)
   select 'banco-' || lpad(n::text, 3, '0'), 'Universidad de Prueba ' || n, 'Campus ' || n,
     'UP ' || n, array['alumnos' || n || '.bench.mx']
   from generate_series(1, $1) n`,
  [CAMPUSES],
);
await timed(
  'settings (a third of the campuses)',
  `insert into private.campus_settings (college_id, threshold, seller_minimum, state)
   select 'banco-' || lpad(n::text, 3, '0'), 50 + n, 5, 'gathering'
   from generate_series(1, $1, 3) n`,
  [CAMPUSES],
);
await timed(
  'accounts',
  `insert into auth.users (email, created_at)
   select case when n % 2 = 0 then 's' || n || '@alumnos' || (1 + n % $2) || '.bench.mx'
     else 's' || n || '@gmail.com' end,
     now() - make_interval(days => n % 60)
   from generate_series(1, $1) n`,
  [STUDENTS, CAMPUSES],
);
await db.query("set session_replication_role = 'replica'");
await timed(
  'entries (triggers off)',
  `insert into public.waitlist (uid, email, college_id, created_at)
   select u.id, u.email, 'banco-' || lpad((1 + n % $1)::text, 3, '0'), u.created_at
   from (select id, email, created_at, row_number() over (order by email) as n from auth.users
     where email like 's%@%' and (email like '%.bench.mx' or email like '%@gmail.com')) u`,
  [CAMPUSES],
);
await timed(
  'seller choices (a fifth)',
  `insert into private.seller_choices (user_id, categories)
   select w.uid, case when random() < 0.5 then '{snacks}'::text[] else '{postres,servicios}'::text[] end
   from public.waitlist w where w.college_id like 'banco-%' and random() < 0.2`,
);
await timed(
  'sources (a third)',
  `insert into private.join_sources (user_id, source, medium)
   select w.uid, (array['whatsapp', 'instagram', 'cartel'])[1 + floor(random() * 3)::int], 'grupo'
   from public.waitlist w where w.college_id like 'banco-%' and random() < 0.33`,
);
await timed(
  'invites (one in 20, within a campus)',
  `insert into private.invites (invitee, inviter)
   select w.uid, (select x.uid from public.waitlist x
     where x.college_id = w.college_id and x.uid <> w.uid limit 1)
   from public.waitlist w where w.college_id like 'banco-%' and random() < 0.05
   on conflict do nothing`,
);
await timed(
  'verified counts (private.recount_verified per campus)',
  "select private.recount_verified(c.id) from public.colleges c where c.id like 'banco-%'",
);
await db.query("set session_replication_role = 'origin'");
await timed(
  "the console's counters (private.recount_operator_counts)",
  'select private.recount_operator_counts()',
);
await db.query('analyze');

const { rows: op } = await db.query(
  "insert into auth.users (email) values ('operadora@bench.mx') returning id",
);
await db.query("select private.set_operator('operadora@bench.mx', true, 'terminal:bench')");
const claims = JSON.stringify({ sub: op[0].id, role: 'authenticated' });

console.log('\nThe campuses view, public.operator_campuses(), as an operator calls it:');
const times = [];
let answer = null;
for (let run = 1; run <= RUNS; run++) {
  await db.query('begin');
  await db.query(
    "select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)",
    [claims],
  );
  const t0 = performance.now();
  const { rows } = await db.query('select public.operator_campuses() as campuses');
  const ms = performance.now() - t0;
  await db.query('rollback');
  answer = rows[0].campuses;
  times.push(ms);
  console.log(`  run ${run}: ${ms.toFixed(0)} ms`);
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
console.log(
  `  median ${median.toFixed(0)} ms over ${RUNS} runs; ${answer.length} campus rows, ` +
    `${Math.round(JSON.stringify(answer).length / 1024)} KiB of JSON; ` +
    `${answer.reduce((n, c) => n + (c.counts.joined ?? 0), 0).toLocaleString('en')} students counted`,
);
console.log(`  target: under 1 s: ${median < 1000 ? 'met' : 'NOT met'}`);
await db.end();
