// A campus's launch settings and true counts on the Firebase backend (issue 28).
//
//   node scripts/ops/campus.mjs show --campus ID                      [--project ID]
//   node scripts/ops/campus.mjs set --campus ID [--threshold N] [--state gathering|opening|open]
//                                   [--opens YYYY-MM-DD|none]          [--project ID]
//
// show: the settings (`campusSettings/{id}`; the default threshold of 100 and 'gathering' when
// none) and the true counts of the campus's records (`campusMembers`, kept by the functions from
// each entry): joined and verified. The page never sees a figure under 10; this command does
// (operators only). set: changes what is given and keeps the rest; the card shows it at its next
// read. Credentials and emulators: scripts/ops/admin.mjs.
import { chooseProject, connect, fail, parseArgs } from './admin.mjs';
import { campusId, settingsChange, STATES } from './campus-settings.mjs';

const USAGE =
  'Usage: node scripts/ops/campus.mjs show --campus ID | set --campus ID [--threshold N] ' +
  `[--state ${STATES.join('|')}] [--opens YYYY-MM-DD|none] [--project ID]`;
const [command, ...rest] = process.argv.slice(2);
if (!['show', 'set'].includes(command ?? '')) fail(USAGE);
const options = parseArgs(rest, {
  values: ['project', 'campus', 'threshold', 'state', 'opens'],
  usage: USAGE,
});
const id = campusId(options.campus, USAGE);
const change = command === 'set' ? settingsChange(options, USAGE) : null;
const { db } = connect(chooseProject(options.project));

try {
  const settingsRef = db.collection('campusSettings').doc(id);
  if (change) await settingsRef.set(change, { merge: true });
  const members = db.collection('campusMembers').where('collegeId', '==', id);
  const [stored, joined, verified] = await Promise.all([
    settingsRef.get(),
    members.count().get(),
    members.where('verified', '==', true).count().get(),
  ]);
  const s = stored.data() ?? {};
  console.log(`Campus ${id}${change ? ' (updated)' : ''}`);
  console.log(`threshold\t${s.threshold ?? '100 (default)'}`);
  console.log(`state\t${s.state ?? 'gathering (default)'}`);
  console.log(`opens\t${s.opensOn ?? 'not set'}`);
  console.log(`joined\t${joined.data().count}`);
  console.log(`verified\t${verified.data().count}`);
  process.exit(0);
} catch (error) {
  fail(`campus failed: ${error instanceof Error ? error.message : String(error)}`, 1);
}
