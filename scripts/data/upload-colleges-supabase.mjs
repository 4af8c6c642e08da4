// The Supabase twin of `npm run upload:colleges`: the `colleges` table from the shared catalogue
// (src/data/college-catalogue.ts), through the generated supabase/seed.sql.
//
//   npm run upload:colleges:supabase -- --write               regenerate supabase/seed.sql
//   npm run upload:colleges:supabase -- --check               exit 1 when it is out of date
//   SUPABASE_DB_URL=postgresql://... npm run upload:colleges:supabase   apply it to a database
//
// SUPABASE_DB_URL is the project's database connection string (Project Settings > Database): a
// secret, kept out of .env files that Vite reads. Applying is idempotent.
import fs from 'node:fs';
import { runnerImport } from 'vite';

const { module: seed } = await runnerImport('./scripts/data/supabase-seed.ts', {
  configFile: false,
});
const sql = seed.collegesSeedSql();

if (process.argv.includes('--write')) {
  fs.writeFileSync(seed.SEED_PATH, sql);
  console.log(`Wrote ${seed.SEED_PATH}`);
  process.exit(0);
}
const current = fs.existsSync(seed.SEED_PATH) ? fs.readFileSync(seed.SEED_PATH, 'utf8') : '';
if (current !== sql) {
  console.error(
    `${seed.SEED_PATH} does not match the catalogue: run npm run upload:colleges:supabase -- --write`,
  );
  process.exit(1);
}
if (process.argv.includes('--check')) {
  console.log(`${seed.SEED_PATH} matches the catalogue`);
  process.exit(0);
}
const url = process.env.SUPABASE_DB_URL;
if (!url) {
  console.error('Missing SUPABASE_DB_URL. See docs/deploy-supabase.md, step 5.');
  process.exit(2);
}
const { default: pg } = await import('pg');
const client = new pg.Client({ connectionString: url });
await client.connect();
try {
  await client.query(sql);
  const { rows } = await client.query('select count(*)::int as n from public.colleges');
  console.log(`colleges: ${rows[0].n} rows`);
} finally {
  await client.end();
}
