// The campus launch report on the Supabase backend (issues 28 and 49):
//
//   npm run report:supabase [-- --csv] [--db URL]
//   node scripts/ops/report-supabase.mjs campuses | days | requests | failures   [--db URL]
//
// Without a report's name: the one report to launch from (issue 49; src/domain/launch-report.ts),
// per campus joined, verified (counted now), invited share, sellers per category, sources,
// milestones, requests and the launch state, as a table or as CSV (--csv). Named: that CSV
// (scripts/ops/campus-report.mjs; `requests` with each pending campus's id for campus:add).
//
// The same report as scripts/ops/report.mjs (scripts/ops/campus-report.mjs): verified by the
// database's domain rule (private.email_in_domains), invites from private.invites, settings from
// private.campus_settings, requests from private.campus_requests. The connection string comes from
// --db or SUPABASE_DB_URL (the postgres role).
import pg from 'pg';
import { fail, parseArgs } from './admin.mjs';
import { campusReport, REPORTS } from './campus-report.mjs';
import { printLaunchReport } from './launch-report.mjs';

const USAGE =
  `Usage: node scripts/ops/report-supabase.mjs [--csv] [--db URL] | ` +
  `${REPORTS.join(' | ')} [--db URL]`;
const argv = process.argv.slice(2);
const what = argv[0] && !argv[0].startsWith('--') ? argv[0] : 'launch';
const rest = what === 'launch' ? argv : argv.slice(1);
if (what !== 'launch' && !REPORTS.includes(what)) fail(USAGE);
const options = parseArgs(rest, {
  values: ['db'],
  flags: what === 'launch' ? ['csv'] : [],
  usage: USAGE,
});
const connectionString = options.db ?? process.env.SUPABASE_DB_URL;
if (!connectionString) fail(`Name the database: --db URL (or set SUPABASE_DB_URL).\n${USAGE}`);

/** The records of the launch report (LaunchReportInput), as the service role reads them. */
async function launchInput(client) {
  const [entries, invited, sellers, sources, milestones, requests, settings] = await Promise.all([
    client.query(
      `select w.uid::text as uid, w.college_id as "collegeId", (cm.user_id is not null) as verified
       from public.waitlist w left join private.counted_members cm
         on cm.user_id = w.uid and cm.college_id = w.college_id`,
    ),
    // Credits that count now: the invitee counted at the inviter's campus.
    client.query(
      `select i.invitee::text as uid from private.invites i
       join public.waitlist wi on wi.uid = i.invitee
       join public.waitlist wr on wr.uid = i.inviter and wr.college_id = wi.college_id
       join private.counted_members cm on cm.user_id = i.invitee`,
    ),
    client.query('select user_id::text as uid, categories from private.seller_choices'),
    client.query('select user_id::text as uid, source, medium, campaign from private.join_sources'),
    client.query('select college_id as "collegeId", milestone from private.campus_milestones'),
    client.query(
      `select private.pending_campus_id(r.request_key) as "pendingId", min(r.name) as name,
         count(*)::int as requests, a.college_id as "addedAs"
       from private.campus_requests r left join private.added_campuses a using (request_key)
       group by r.request_key, a.college_id`,
    ),
    client.query('select college_id, threshold, state from private.campus_settings'),
  ]);
  return {
    entries: entries.rows,
    invited: invited.rows.map((r) => r.uid),
    sellers: sellers.rows,
    sources: sources.rows,
    milestones: milestones.rows,
    requests: requests.rows,
    settings: Object.fromEntries(
      settings.rows.map((r) => [r.college_id, { threshold: r.threshold, state: r.state }]),
    ),
  };
}

const client = new pg.Client({ connectionString });
try {
  await client.connect();
  if (what === 'launch') {
    const input = await launchInput(client);
    await client.end();
    await printLaunchReport(input, { csv: options.csv === true });
    process.exit(0);
  }
  const [entries, invites, settings, requests, failures] = await Promise.all([
    client.query(
      `select w.uid::text as uid, w.college_id as "collegeId", w.created_at as "joinedAt",
         private.email_in_domains(w.email, c.email_domains) as verified, w.email
       from public.waitlist w join public.colleges c on c.id = w.college_id`,
    ),
    client.query('select invitee::text as uid from private.invites'),
    client.query(
      `select college_id, threshold, state, to_char(opens_on, 'YYYY-MM-DD') as opens_on
       from private.campus_settings`,
    ),
    client.query(
      `select request_key as key, name, city, created_at as at,
         coalesce(a.college_id, private.pending_campus_id(request_key)) as "pendingId"
       from private.campus_requests left join private.added_campuses a using (request_key)`,
    ),
    client.query(
      `select to_char(day, 'YYYY-MM-DD') as day, kind, code, count from private.failure_counts`,
    ),
  ]);
  process.stdout.write(
    campusReport(what, {
      entries: entries.rows.map((r) => ({ ...r, joinedAt: r.joinedAt.toISOString() })),
      invited: invites.rows.map((r) => r.uid),
      settings: Object.fromEntries(
        settings.rows.map((r) => [
          r.college_id,
          { threshold: r.threshold, state: r.state, opensOn: r.opens_on ?? '' },
        ]),
      ),
      requests: requests.rows.map((r) => ({ ...r, at: r.at.toISOString() })),
      failures: failures.rows,
    }),
  );
  await client.end();
} catch (error) {
  await client.end().catch(() => {});
  fail(`report-supabase failed: ${error instanceof Error ? error.message : String(error)}`, 1);
}
