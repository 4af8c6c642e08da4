// npm run bench:report (scripts/perf/bench-report.sh starts PostgreSQL 15 first): the one launch
// report (issue 49) of 20 campuses and 10,000 students on the Supabase backend, as an operator
// runs `npm run report:supabase` (a table) and `-- --csv`: each student with an entry, a third
// verified, a fifth with a seller choice, half with a source, a tenth credited to an invite, plus
// requests. Prints each run's wall time and the output's size; figures are printed, never asserted.
// `--students N` and `--campuses N` change the sizes.
import { execFile } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { runnerImport } from 'vite';

const arg = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const students = arg('--students', 10_000);
const campuses = arg('--campuses', 20);
const { freshDatabase } = (
  await runnerImport('./stand-ins/supabase-db.ts', {
    configFile: false,
    resolve: { alias: { '@': fileURLToPath(new URL('../../src', import.meta.url)) } },
  })
).module;

const db = await freshDatabase('bench_report');
const admin = new pg.Client({ connectionString: db.url });
await admin.connect();
try {
  const { rows: ids } = await admin.query(
    'select id from public.colleges order by position limit $1',
    [campuses],
  );
  const list = ids.map((r) => r.id);
  const seedStart = performance.now();
  await admin.query(
    `with made as (
       insert into auth.users (email)
       select case when n % 3 = 0 then 'e' || n || '@alumnos.udg.mx' else 'e' || n || '@gmail.com' end
       from generate_series(1, $1) n returning id, email)
     insert into public.waitlist (uid, email, college_id)
     select id, email, ($2::text[])[1 + (row_number() over () % $3)::int] from made`,
    [students, list, list.length],
  );
  await admin.query(
    `insert into private.seller_choices (user_id, categories)
     select uid, case when random() < 0.5 then '{postres,snacks}'::text[] else '{servicios}'::text[] end
     from public.waitlist where random() < 0.2`,
  );
  await admin.query(
    `insert into private.join_sources (user_id, source, medium)
     select uid, (array['whatsapp', 'instagram', 'cartel', 'otro'])[1 + floor(random() * 4)::int], 'campus'
     from public.waitlist where random() < 0.5`,
  );
  await admin.query(
    `insert into private.invites (invitee, inviter)
     select w.uid, (select w2.uid from public.waitlist w2 where w2.college_id = w.college_id
       and w2.uid <> w.uid limit 1)
     from public.waitlist w where random() < 0.1`,
  );
  await admin.query(
    `insert into private.campus_requests (user_id, request_key, name, city)
     select uid, 'universidad ' || (row_number() over () % 30) || '|leon',
       'Universidad ' || (row_number() over () % 30), 'León'
     from public.waitlist limit 300`,
  );
  const seeded = ((performance.now() - seedStart) / 1000).toFixed(1);
  const run = async (...args) => {
    const start = performance.now();
    const { stdout } = await promisify(execFile)(
      'node',
      ['scripts/ops/report.mjs', '--backend', 'supabase', ...args],
      { env: { ...process.env, SUPABASE_DB_URL: db.url }, maxBuffer: 64 * 1024 * 1024 },
    );
    return {
      ms: performance.now() - start,
      bytes: stdout.length,
      lines: stdout.split('\n').length,
    };
  };
  const table = await run();
  const csv = await run('--csv');
  console.log(
    `Launch report on Supabase: ${campuses} campuses, ${students.toLocaleString('en')} students (seeded in ${seeded} s)`,
  );
  console.log(
    `  table: ${(table.ms / 1000).toFixed(2)} s, ${table.lines} lines, ${table.bytes} bytes`,
  );
  console.log(`  csv:   ${(csv.ms / 1000).toFixed(2)} s, ${csv.lines} lines, ${csv.bytes} bytes`);
  console.log(
    '  (each a whole command: Node start, the report module loaded with vite, the queries)',
  );
} finally {
  await admin.end();
  await db.drop();
}
