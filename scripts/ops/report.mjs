// The campus launch report on the Firebase backend (issues 28 and 49):
//
//   npm run report [-- --csv] [--project ID]
//   node scripts/ops/report.mjs campuses | days | requests | failures   [--project ID]
//
// Without a report's name: the one report to launch from (issue 49; src/domain/launch-report.ts),
// per campus joined, verified, invited share, sellers per category, sources, milestones, requests
// and the launch state, as a table or as CSV (--csv).
//
// campuses: per campus, joined, verified (the functions' campus records), joined with an invite,
// its share, and the operators' threshold, state and date. days: joined and verified per campus
// and day of joining. requests: 'Mi campus no aparece', per requested campus. Unfloored figures
// for operators only (scripts/ops/campus-report.mjs). Credentials and emulators: admin.mjs.
import { chooseProject, connect, fail, isoDate, parseArgs } from './admin.mjs';
import { createHash } from 'node:crypto';
import { campusReport, REPORTS } from './campus-report.mjs';
import { printLaunchReport } from './launch-report.mjs';

const USAGE =
  `Usage: node scripts/ops/report.mjs [--csv] [--project ID] | ` +
  `${REPORTS.join(' | ')} [--project ID]`;
const argv = process.argv.slice(2);
const what = argv[0] && !argv[0].startsWith('--') ? argv[0] : 'launch';
const rest = what === 'launch' ? argv : argv.slice(1);
if (what !== 'launch' && !REPORTS.includes(what)) fail(USAGE);
const options = parseArgs(rest, {
  values: ['project'],
  flags: what === 'launch' ? ['csv'] : [],
  usage: USAGE,
});
const { db } = connect(chooseProject(options.project));

/** A request key's pending campus id (functions/src/campus-launch.ts, pendingIdOf). */
const pendingIdOf = (key) =>
  `pendiente-${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;

/** The records of the launch report (LaunchReportInput), as the Admin SDK reads them. */
async function launchInput() {
  const [entries, members, invites, sellers, sources, milestones, requests, added, settings] =
    await Promise.all([
      db.collection('waitlist').select('collegeId').get(),
      db.collection('campusMembers').get(),
      db.collection('invites').select('inviter').get(),
      db.collection('sellerChoices').get(),
      db.collection('joinSources').get(),
      db.collection('campusMilestones').get(),
      db.collection('campusRequests').select('key', 'name').get(),
      db.collection('addedCampuses').get(),
      db.collection('campusSettings').get(),
    ]);
  const member = new Map(members.docs.map((d) => [d.id, d.data()]));
  const campusOf = new Map(entries.docs.map((d) => [d.id, String(d.get('collegeId'))]));
  const verified = (uid) =>
    member.get(uid)?.verified === true && member.get(uid)?.collegeId === campusOf.get(uid);
  const addedAs = new Map(added.docs.map((d) => [d.id, String(d.get('collegeId'))]));
  const byKey = new Map();
  for (const d of requests.docs) {
    const key = String(d.get('key'));
    const held = byKey.get(key) ?? { name: String(d.get('name')), requests: 0 };
    held.requests++;
    byKey.set(key, held);
  }
  return {
    entries: entries.docs.map((d) => ({
      uid: d.id,
      collegeId: campusOf.get(d.id),
      verified: verified(d.id),
    })),
    // Credits that count now: the invitee verified at the inviter's campus.
    invited: invites.docs
      .filter((d) => verified(d.id) && campusOf.get(d.id) === campusOf.get(d.get('inviter')))
      .map((d) => d.id),
    sellers: sellers.docs.map((d) => ({ uid: d.id, categories: d.get('categories') ?? [] })),
    sources: sources.docs.map((d) => ({
      uid: d.id,
      source: d.get('source') ?? null,
      medium: d.get('medium') ?? null,
      campaign: d.get('campaign') ?? null,
    })),
    milestones: milestones.docs.flatMap((d) =>
      (d.get('reached') ?? []).map((milestone) => ({ collegeId: d.id, milestone })),
    ),
    requests: [...byKey.entries()].map(([key, r]) => ({
      pendingId: pendingIdOf(key),
      name: r.name,
      requests: r.requests,
      addedAs: addedAs.get(pendingIdOf(key)) ?? null,
    })),
    settings: Object.fromEntries(
      settings.docs.map((d) => [d.id, { threshold: d.get('threshold'), state: d.get('state') }]),
    ),
  };
}

if (what === 'launch') {
  try {
    await printLaunchReport(await launchInput(), { csv: options.csv === true });
    process.exit(0);
  } catch (error) {
    fail(`report failed: ${error instanceof Error ? error.message : String(error)}`, 1);
  }
}

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
        pendingId: pendingIdOf(String(d.get('key'))),
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
