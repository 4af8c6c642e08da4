// The hero strip's photo review on the Supabase backend (issue 23): no photo shows on the main page
// until an operator has looked at it and approved that exact photo.
//
//   node scripts/ops/hero-photos-supabase.mjs list               [--db URL]
//   node scripts/ops/hero-photos-supabase.mjs approve --uid UID  [--db URL]
//   node scripts/ops/hero-photos-supabase.mjs reject --uid UID   [--db URL]
//   node scripts/ops/hero-photos-supabase.mjs off | on           [--db URL]
//
// The database's connection string comes from --db or SUPABASE_DB_URL (Project Settings →
// Database → Connection string; the postgres role): the review table, the queue and the kill
// switch live in the `private` schema, which the API does not expose (supabase/migrations/
// 20261124000000_trust.sql). list: each consenting student on the list with a Google photo,
// oldest consent first, its state (pending, approved, rejected; a photo changed since its decision
// is pending again) and the URL to look at. approve/reject: the decision on that exact photo. off:
// the kill switch empties the strip at once; on shows the approved photos again.
import pg from 'pg';
import { fail, parseArgs } from './admin.mjs';

const USAGE =
  'Usage: node scripts/ops/hero-photos-supabase.mjs list | approve --uid UID | reject --uid UID | ' +
  'off | on [--db URL]';
const [command, ...rest] = process.argv.slice(2);
if (!['list', 'approve', 'reject', 'off', 'on'].includes(command ?? '')) fail(USAGE);
const options = parseArgs(rest, { values: ['db', 'uid'], usage: USAGE });
const deciding = command === 'approve' || command === 'reject';
if (deciding !== Boolean(options.uid)) {
  fail(`${command} ${deciding ? 'needs' : 'takes no'} --uid.\n${USAGE}`);
}
const connectionString = options.db ?? process.env.SUPABASE_DB_URL;
if (!connectionString) fail(`Name the database: --db URL (or set SUPABASE_DB_URL).\n${USAGE}`);

const client = new pg.Client({ connectionString });
try {
  await client.connect();
  if (command === 'list') {
    const { rows: strip } = await client.query(
      'select strip_enabled from private.hero_settings where id',
    );
    console.log(`Hero strip: ${strip[0]?.strip_enabled === false ? 'OFF (kill switch)' : 'on'}`);
    const { rows } = await client.query(
      `select user_id, granted_at, status, photo_url from private.hero_photo_queue
       order by granted_at, user_id`,
    );
    if (rows.length === 0) console.log('No consenting student on the list has a Google photo.');
    for (const row of rows) {
      console.log(
        `${row.status}\t${row.user_id}\t${row.granted_at.toISOString()}\t${row.photo_url}`,
      );
    }
    const pending = rows.filter((r) => r.status === 'pending').length;
    console.log(`${rows.length} photos, ${pending} pending.`);
  } else if (deciding) {
    const approved = command === 'approve';
    const { rows } = await client.query(
      `insert into private.hero_photo_review (user_id, photo_url, approved)
       select user_id, photo_url, $2 from private.hero_photo_queue where user_id::text = $1
       on conflict (user_id) do update
         set photo_url = excluded.photo_url, approved = excluded.approved, decided_at = now()
       returning photo_url`,
      [options.uid, approved],
    );
    if (rows.length === 0) {
      fail(`${options.uid} is not a consenting student on the list with a Google photo.`, 1);
    }
    console.log(
      `${approved ? 'Approved' : 'Rejected'} the photo of ${options.uid}: ${rows[0].photo_url}`,
    );
  } else {
    const enabled = command === 'on';
    await client.query('update private.hero_settings set strip_enabled = $1 where id', [enabled]);
    console.log(
      enabled
        ? 'Hero strip on: approved photos show again.'
        : 'Hero strip OFF: get_hero_profile_images() answers no photo from now on.',
    );
  }
  await client.end();
} catch (error) {
  await client.end().catch(() => {});
  fail(`hero-photos-supabase failed: ${error instanceof Error ? error.message : String(error)}`, 1);
}
