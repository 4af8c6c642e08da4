// The retention job of the Supabase backend (issue 51, item 9), for a database without pg_cron
// (the migration schedules it daily where pg_cron runs): private.apply_retention deletes the
// accounts that never joined, idle for 30 days, and every student of a campus launched 90 days
// ago, with everything kept of them (src/domain/retention.ts is the rule). Dry run unless --yes:
// it prints who would go. --every SECONDS runs it again and again (a small worker).
//
//   node scripts/ops/retention-supabase.mjs [--yes] [--every SECONDS] [--db URL]
//
// The connection string comes from --db or SUPABASE_DB_URL (docs/deploy-supabase.md, step 6).
import pg from 'pg';
import { fail, parseArgs } from './admin.mjs';

const USAGE = 'Usage: node scripts/ops/retention-supabase.mjs [--yes] [--every SECONDS] [--db URL]';
const options = parseArgs(process.argv.slice(2), {
  values: ['db', 'every'],
  flags: ['yes'],
  usage: USAGE,
});
const connectionString = options.db ?? process.env.SUPABASE_DB_URL;
if (!connectionString) fail(`Name the database: --db URL (or set SUPABASE_DB_URL).\n${USAGE}`);
const every = options.every === undefined ? null : Number(options.every);
if (every !== null && !(every >= 60)) fail(`--every takes seconds, at least 60.\n${USAGE}`);

/** One run: the plan printed, and deleted with --yes. */
async function run() {
  const client = new pg.Client({ connectionString });
  try {
    await client.connect();
    const { rows } = await client.query(
      'select reason, user_id::text as uid, college_id from private.apply_retention($1)',
      [!options.yes],
    );
    for (const r of rows)
      console.log(`${r.reason}\t${r.uid}${r.college_id ? `\t${r.college_id}` : ''}`);
    const idle = rows.filter((r) => r.reason === 'idle').length;
    const launched = rows.length - idle;
    console.log(
      `${options.yes ? 'Deleted' : 'Would delete'} ${idle} idle accounts without an entry and ` +
        `${launched} students of campuses launched 90 days ago.` +
        (options.yes ? '' : ' Run again with --yes to delete them.'),
    );
  } finally {
    await client.end().catch(() => {});
  }
}

try {
  for (;;) {
    await run();
    if (every === null) break;
    await new Promise((resolve) => setTimeout(resolve, every * 1000));
  }
} catch (error) {
  fail(`retention-supabase failed: ${error instanceof Error ? error.message : String(error)}`, 1);
}
