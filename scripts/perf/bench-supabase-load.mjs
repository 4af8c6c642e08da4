// Part of npm run bench:supabase (scripts/perf/bench-supabase.sh starts PostgreSQL 15 first): joins
// through the Supabase stand-in on a fresh copy of the migrated database, timed per request.
//   - N students joining at once (default 1,000): throughput, p50/p95/p99, errors, rows;
//   - 50 simultaneous joins of one student: one row, no error.
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
  const join = async (session, collegeId = 'udg-cucei') => {
    const rest = new PostgrestClient(`${standIn.url}/rest/v1`, {
      headers: { apikey: standIn.anonKey, Authorization: `Bearer ${session.access_token}` },
    });
    const start = performance.now();
    const { error, status } = await rest
      .from('waitlist')
      .upsert(
        { uid: session.user.id, email: session.user.email, college_id: collegeId },
        { onConflict: 'uid', ignoreDuplicates: true },
      );
    return { ms: performance.now() - start, error: error ? `${status} ${error.message}` : null };
  };
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
} finally {
  await standIn.close();
  await db.drop();
}
