// A campus's launch settings and true counts on the Supabase backend (issue 28).
//
//   node scripts/ops/campus-supabase.mjs show --campus ID                  [--db URL]
//   node scripts/ops/campus-supabase.mjs set --campus ID [--threshold N]
//        [--state gathering|opening|open] [--opens YYYY-MM-DD|none]        [--db URL]
//
// The database's connection string comes from --db or SUPABASE_DB_URL (the postgres role): the
// settings live in private.campus_settings, which the API does not expose (supabase/migrations/
// 20261125000000_campus_progress.sql). show: the settings (the default threshold of 100 and
// 'gathering' when none) and the true counts, joined and verified (the page never sees a figure
// under 10; this command does, for operators). set: changes what is given, keeps the rest.
import pg from 'pg';
import { fail, parseArgs } from './admin.mjs';
import { campusId, settingsChange, STATES } from './campus-settings.mjs';

const USAGE =
  'Usage: node scripts/ops/campus-supabase.mjs show --campus ID | set --campus ID ' +
  `[--threshold N] [--state ${STATES.join('|')}] [--opens YYYY-MM-DD|none] [--db URL]`;
const [command, ...rest] = process.argv.slice(2);
if (!['show', 'set'].includes(command ?? '')) fail(USAGE);
const options = parseArgs(rest, {
  values: ['db', 'campus', 'threshold', 'state', 'opens'],
  usage: USAGE,
});
const id = campusId(options.campus, USAGE);
const change = command === 'set' ? settingsChange(options, USAGE) : null;
const connectionString = options.db ?? process.env.SUPABASE_DB_URL;
if (!connectionString) fail(`Name the database: --db URL (or set SUPABASE_DB_URL).\n${USAGE}`);

const client = new pg.Client({ connectionString });
try {
  await client.connect();
  const { rows: known } = await client.query('select 1 from public.colleges where id = $1', [id]);
  if (known.length === 0) fail(`${id} is not a campus of the catalogue (public.colleges).`, 1);
  if (change) {
    await client.query(
      `insert into private.campus_settings (college_id, threshold, state, opens_on)
       values ($1, coalesce($2, 100), coalesce($3, 'gathering'), $4)
       on conflict (college_id) do update set
         threshold = coalesce($2, campus_settings.threshold),
         state = coalesce($3, campus_settings.state),
         opens_on = case when $5 then $4::date else campus_settings.opens_on end`,
      [
        id,
        change.threshold ?? null,
        change.state ?? null,
        change.opensOn ?? null,
        'opensOn' in change,
      ],
    );
  }
  const { rows } = await client.query(
    `select s.threshold, s.state, to_char(s.opens_on, 'YYYY-MM-DD') as opens_on,
       (select count(*)::int from public.waitlist w where w.college_id = c.id) as joined,
       (select count(*)::int from public.waitlist w
         where w.college_id = c.id and private.email_in_domains(w.email, c.email_domains)) as verified
     from public.colleges c left join private.campus_settings s on s.college_id = c.id
     where c.id = $1`,
    [id],
  );
  const s = rows[0];
  console.log(`Campus ${id}${change ? ' (updated)' : ''}`);
  console.log(`threshold\t${s.threshold ?? '100 (default)'}`);
  console.log(`state\t${s.state ?? 'gathering (default)'}`);
  console.log(`opens\t${s.opens_on ?? 'not set'}`);
  console.log(`joined\t${s.joined}`);
  console.log(`verified\t${s.verified}`);
  await client.end();
} catch (error) {
  await client.end().catch(() => {});
  fail(`campus-supabase failed: ${error instanceof Error ? error.message : String(error)}`, 1);
}
