// The campus launch report on the Firebase backend (issue 28), as CSV on stdout:
//
//   node scripts/ops/report.mjs campuses | days | requests | failures   [--project ID]
//
// campuses: per campus, joined, verified (the functions' campus records), joined with an invite,
// its share, and the operators' threshold, state and date. days: joined and verified per campus
// and day of joining. requests: 'Mi campus no aparece', per requested campus. Unfloored figures
// for operators only (scripts/ops/campus-report.mjs). Credentials and emulators: admin.mjs.
import { chooseProject, connect, fail, isoDate, parseArgs } from './admin.mjs';
import { campusReport, REPORTS } from './campus-report.mjs';

const USAGE = `Usage: node scripts/ops/report.mjs ${REPORTS.join(' | ')} [--project ID]`;
const [what, ...rest] = process.argv.slice(2);
if (!REPORTS.includes(what ?? '')) fail(USAGE);
const options = parseArgs(rest, { values: ['project'], usage: USAGE });
const { db } = connect(chooseProject(options.project));

try {
  const [entries, members, invites, settings, requests, failures] = await Promise.all([
    db.collection('waitlist').get(),
    db.collection('campusMembers').get(),
    db.collection('invites').select().get(),
    db.collection('campusSettings').get(),
    db.collection('campusRequests').get(),
    db.collection('failureCounts').get(),
  ]);
  const verified = new Set(members.docs.filter((d) => d.get('verified') === true).map((d) => d.id));
  process.stdout.write(
    campusReport(what, {
      entries: entries.docs.map((d) => ({
        uid: d.id,
        collegeId: String(d.get('collegeId')),
        joinedAt: isoDate(d.get('timestamp')) || '',
        verified: verified.has(d.id),
        email: String(d.get('email') ?? ''),
      })),
      invited: invites.docs.map((d) => d.id),
      settings: Object.fromEntries(
        settings.docs.map((d) => [
          d.id,
          { threshold: d.get('threshold'), state: d.get('state'), opensOn: d.get('opensOn') ?? '' },
        ]),
      ),
      requests: requests.docs.map((d) => ({
        key: String(d.get('key')),
        name: String(d.get('name')),
        city: String(d.get('city')),
        at: isoDate(d.get('at')),
      })),
      failures: failures.docs.map((d) => ({
        day: String(d.get('day')),
        kind: String(d.get('kind')),
        code: String(d.get('code')),
        count: Number(d.get('count') ?? 0),
      })),
    }),
  );
  process.exit(0);
} catch (error) {
  fail(`report failed: ${error instanceof Error ? error.message : String(error)}`, 1);
}
