// The campus launch report on the Supabase backend (issue 28), as CSV on stdout:
//
//   node scripts/ops/report-supabase.mjs campuses | days | requests | failures   [--db URL]
//
// The same report as scripts/ops/report.mjs (scripts/ops/campus-report.mjs): verified by the
// database's domain rule (private.email_in_domains), invites from private.invites, settings from
// private.campus_settings, requests from private.campus_requests. The connection string comes from
// --db or SUPABASE_DB_URL (the postgres role).
import pg from 'pg';
import { fail, parseArgs } from './admin.mjs';
import { campusReport, REPORTS } from './campus-report.mjs';

const USAGE = `Usage: node scripts/ops/report-supabase.mjs ${REPORTS.join(' | ')} [--db URL]`;
const [what, ...rest] = process.argv.slice(2);
if (!REPORTS.includes(what ?? '')) fail(USAGE);
const options = parseArgs(rest, { values: ['db'], usage: USAGE });
const connectionString = options.db ?? process.env.SUPABASE_DB_URL;
if (!connectionString) fail(`Name the database: --db URL (or set SUPABASE_DB_URL).\n${USAGE}`);

const client = new pg.Client({ connectionString });
try {
  await client.connect();
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
      'select request_key as key, name, city, created_at as at from private.campus_requests',
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
