// Deletes the sign-in accounts that never joined the list, on the Supabase backend (issue 23):
// auth.users keeps an account for everyone who signed in, including those who left without
// joining. An account with no waitlist entry, neither created nor signed in to for --days days
// (default 30, the retention period the privacy notice states), is deleted with everything
// under it (on delete cascade). Dry run unless --yes: it prints what it would delete.
//
//   node scripts/ops/sweep-accounts-supabase.mjs [--days 30] [--yes] [--db URL]
//
// The connection string comes from --db or SUPABASE_DB_URL (docs/deploy-supabase.md, step 6).
import pg from 'pg';
import { fail, parseArgs, sweepDays } from './admin.mjs';

const USAGE = 'Usage: node scripts/ops/sweep-accounts-supabase.mjs [--days N] [--yes] [--db URL]';
const options = parseArgs(process.argv.slice(2), {
  values: ['db', 'days'],
  flags: ['yes'],
  usage: USAGE,
});
const days = sweepDays(options.days, USAGE);
const connectionString = options.db ?? process.env.SUPABASE_DB_URL;
if (!connectionString) fail(`Name the database: --db URL (or set SUPABASE_DB_URL).\n${USAGE}`);

// Idle: neither created nor signed in to within the period, and no entry.
const IDLE = `from auth.users u
  where greatest(u.created_at, coalesce(u.last_sign_in_at, u.created_at))
        < now() - make_interval(days => $1)
    and not exists (select 1 from public.waitlist w where w.uid = u.id)`;

const client = new pg.Client({ connectionString });
try {
  await client.connect();
  if (!options.yes) {
    const { rows } = await client.query(
      `select u.id, greatest(u.created_at, coalesce(u.last_sign_in_at, u.created_at)) as seen
       ${IDLE} order by seen`,
      [days],
    );
    for (const row of rows) console.log(`${row.id}\tlast seen ${row.seen.toISOString()}`);
    console.log(`Would delete ${rows.length} accounts without an entry, idle for ${days} days.`);
    console.log('Run again with --yes to delete them.');
  } else {
    const { rows } = await client.query(
      `delete from auth.users where id in (select u.id ${IDLE}) returning id`,
      [days],
    );
    for (const row of rows) console.log(row.id);
    console.log(`Deleted ${rows.length} accounts without an entry, idle for ${days} days.`);
  }
  await client.end();
} catch (error) {
  await client.end().catch(() => {});
  fail(
    `sweep-accounts-supabase failed: ${error instanceof Error ? error.message : String(error)}`,
    1,
  );
}
