// Part of npm run bench:supabase (issue 51, item 6): the calls whose time could grow with the list,
// at 1,000, 10,000 and 50,000 entries (`--sizes 1000,10000`), each on a fresh copy of the
// migrated database seeded in SQL:
//   - every entry in one campus (the worst case for its count), every tenth student consenting to
//     the hero strip, the oldest consents rejected or pending and only the 5 newest approved (the
//     strip must look past the rest);
//   - `my_campus()` as one of those students and `get_hero_profile_images()` as a visitor, each
//     called --calls times (default 100) one after another over HTTP through the Supabase
//     stand-in, as the page calls them: p50 and p95;
//   - the mail sender's claim of 20 welcomes (private.claim_mail, which puts the campus's figure
//     in each), 5 times: the median per claim.
// Figures are printed, never asserted. The target: flat, p95 under 50 ms at 50,000.
import { performance } from 'node:perf_hooks';
import { PostgrestClient } from '@supabase/postgrest-js';
import { runnerImport } from 'vite';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const sizes = String(arg('sizes', '1000,10000,50000')).split(',').map(Number);
const calls = Number(arg('calls', 100));
const load = async (p) => (await runnerImport(p, { configFile: false })).module;
const { freshDatabase } = await load('./stand-ins/supabase-db.ts');
const { startSupabaseStandIn } = await load('./stand-ins/supabase-stand-in.ts');

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const fmt = (ms) => `${ms.toFixed(1)} ms`;

for (const size of sizes) await measure(size);

async function measure(size) {
  const db = await freshDatabase('scale');
  const standIn = await startSupabaseStandIn({ databaseUrl: db.url, poolSize: 4 });
  try {
    const seedStart = performance.now();
    await seed(standIn.pool, size);
    const seedMs = performance.now() - seedStart;

    const session = await standIn.sessionFor({ email: 's1@alumnos.udg.mx' });
    const student = new PostgrestClient(`${standIn.url}/rest/v1`, {
      headers: { apikey: standIn.anonKey, Authorization: `Bearer ${session.access_token}` },
    });
    const visitor = new PostgrestClient(`${standIn.url}/rest/v1`, {
      headers: { apikey: standIn.anonKey, Authorization: `Bearer ${standIn.anonKey}` },
    });
    const campus = await timed(() => student.rpc('my_campus'));
    const hero = await timed(() => visitor.rpc('get_hero_profile_images'));
    if (campus.last?.[0]?.verified_count !== size) {
      throw new Error(`my_campus counted ${campus.last?.[0]?.verified_count}, not ${size}`);
    }
    if (hero.last?.length !== 5)
      throw new Error(`the strip had ${hero.last?.length} photos, not 5`);

    const claims = [];
    for (let i = 0; i < 5; i++) {
      const start = performance.now();
      const { rows } = await standIn.pool.query(
        `select count(*)::int as n from private.claim_mail(now(), 20, now() + interval '10 minutes')`,
      );
      claims.push(performance.now() - start);
      if (rows[0].n !== 20) throw new Error(`the claim took ${rows[0].n} welcomes, not 20`);
    }
    claims.sort((a, b) => a - b);
    console.log(
      `${size.toLocaleString('en')} entries (seeded in ${fmt(seedMs)}): ` +
        `my_campus p50 ${fmt(campus.p50)}, p95 ${fmt(campus.p95)}; ` +
        `get_hero_profile_images p50 ${fmt(hero.p50)}, p95 ${fmt(hero.p95)} (${calls} calls each); ` +
        `claim of 20 welcomes, median ${fmt(percentile(claims, 50))}`,
    );
  } finally {
    await standIn.close();
    await db.drop();
  }
}

/** Calls `call` --calls times in a row (after 5 unmeasured ones): p50, p95 and the last answer. */
async function timed(call) {
  let last;
  for (let i = 0; i < 5; i++) await call();
  const times = [];
  for (let i = 0; i < calls; i++) {
    const start = performance.now();
    const { data, error } = await call();
    times.push(performance.now() - start);
    if (error) throw new Error(error.message);
    last = data;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), last };
}

/** `size` Google students in udg-cucei; every tenth consents; only the 5 newest approved. */
async function seed(pool, size) {
  await pool.query(
    `insert into auth.users (email, raw_user_meta_data)
     select 's' || g || '@alumnos.udg.mx', '{}'::jsonb from generate_series(1, $1) g`,
    [size],
  );
  await pool.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider)
     select 'google-' || u.email, u.id,
       jsonb_build_object('email', u.email, 'full_name', 'Estudiante',
         'avatar_url', 'https://lh3.googleusercontent.com/a/' || md5(u.email)),
       'google'
     from auth.users u`,
  );
  await pool.query(
    `insert into public.waitlist (uid, email, college_id)
     select id, email, 'udg-cucei' from auth.users`,
  );
  // Consent dates one second apart, oldest first (the table's trigger would date them all now()).
  await pool.query(
    `alter table public.hero_consent disable trigger hero_consent_date;
     insert into public.hero_consent (user_id, granted_at)
     select u.id, now() - interval '1 day' + row_number() over (order by u.email) * interval '1 second'
     from auth.users u where split_part(u.email, '@', 1) ~ '^s[0-9]*0$';
     alter table public.hero_consent enable trigger hero_consent_date;`,
  );
  // Each consent reviewed: the 5 newest approved, the rest rejected (odd) or left pending (even).
  await pool.query(
    `with ranked as (
       select user_id, row_number() over (order by granted_at desc) as newest
       from public.hero_consent)
     insert into private.hero_photo_review (user_id, photo_url, approved)
     select r.user_id, private.google_photo(r.user_id), r.newest <= 5
     from ranked r where r.newest <= 5 or r.newest % 2 = 1`,
  );
  await pool.query('analyze');
}
