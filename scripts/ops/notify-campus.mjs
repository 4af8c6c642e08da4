// The launch e-mail of a campus on the Firebase backend (issue 25):
//
//   npm run notify:campus -- --campus udg-cucei [--dry-run] [--project ID]
//
// The campus is one of the built catalogue or one added with `npm run campus:add` (campuses/{id}).
// Records the launch message of every student on the campus's list who has none yet
// (mailOutbox/launch:<campus>:<uid>, admin-only), and the run in launchRuns; the scheduled
// function send_mail sends them within a minute, each once. --dry-run prints how many would be
// sent and records nothing. A rerun, or a run after one that stopped halfway, records only the
// missing ones. The recording is the functions' own code (functions/lib/mail-firestore.js: build
// it with `npm --prefix functions run build`). Credentials and emulators: scripts/ops/admin.mjs.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { chooseProject, connect, fail, parseArgs } from './admin.mjs';

const USAGE = 'Usage: npm run notify:campus -- --campus ID [--dry-run] [--project ID]';
const options = parseArgs(process.argv.slice(2), {
  values: ['project', 'campus'],
  flags: ['dry-run'],
  usage: USAGE,
});
const campus = options.campus ?? '';
if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(campus) || campus.length > 64) {
  fail(`Name the campus: --campus ID (a college id such as udg-cucei).\n${USAGE}`);
}
const lib = fileURLToPath(new URL('../../functions/lib/mail-firestore.js', import.meta.url));
if (!existsSync(lib)) fail('Build the functions first: npm --prefix functions run build', 1);
const { auth, db } = connect(chooseProject(options.project));
const { googleNames, queueLaunch } = createRequire(lib)(lib);
const { CAMPUS_LABEL } = createRequire(lib)('./mail/campus-label.js');
const { CAMPUSES_COLLECTION } = createRequire(lib)('./campus-launch.js');
// A campus of the built catalogue, or one an operator added (`npm run campus:add`, issue 49). A
// pending one (requested, not added yet) is no campus to launch.
const added = async () => (await db.collection(CAMPUSES_COLLECTION).doc(campus).get()).exists;
if (!Object.hasOwn(CAMPUS_LABEL, campus) && !(await added())) {
  fail(`${campus} is not a campus of the catalogue.`, 1);
}

/** The names Google gave, never the accounts' own (issue 51): mail-firestore's googleNames. */
const names = (uids) => googleNames(auth, uids);

const dryRun = options['dry-run'] === true;
const { students, queued, already } = await queueLaunch(db, campus, { dryRun, names });
if (dryRun) {
  console.log(
    `${campus}: ${students} students on the list; ${students - already} would get the launch ` +
      `e-mail now, ${already} already have it (dry run: nothing recorded or sent).`,
  );
} else {
  console.log(
    `${campus}: ${students} students on the list; recorded ${queued} launch e-mails ` +
      `(${already} had one already). The function send_mail sends them within a minute.`,
  );
}
