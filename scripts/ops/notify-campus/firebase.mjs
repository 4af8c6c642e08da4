// `notify:campus` on Firebase: the launch message of each student recorded in
// `mailOutbox/launch:<campus>:<uid>` (admin-only), the run in `launchRuns`, by the functions' own
// code (functions/src/campus-launch.ts, queueLaunch); the scheduled function send_mail sends
// them. Credentials and emulators: shared/firebase.mjs.
import { fail } from '../shared/cli.mjs';
import { firebase } from '../shared/firebase.mjs';
import { firestoreNames, functionsModule, projectModule } from '../shared/project.mjs';

/** Records the campus's launch (none with `dryRun`) and says so; exit 1 for no campus. */
export async function notify(options, usage, campus, dryRun) {
  const { auth, db } = firebase(options);
  const [names, { queueLaunch }, { googleNames }, { CAMPUS_LABEL }, { launchSaid }] =
    await Promise.all([
      firestoreNames(),
      functionsModule('campus-launch'),
      functionsModule('students'),
      functionsModule('mirror/data/campus-label'),
      projectModule('scripts/ops/notify-campus/said.ts'),
    ]);
  // A campus of the built catalogue, or one an operator added (`npm run campus:add`, issue 49).
  const added = async () => (await db.collection(names.campuses).doc(campus).get()).exists;
  if (!Object.hasOwn(CAMPUS_LABEL, campus) && !(await added())) {
    fail(`${campus} is not a campus of the catalogue.`, 1);
  }
  // The names Google gave, never the accounts' own (issue 51): students.ts's googleNames.
  const counts = await queueLaunch(db, campus, {
    dryRun,
    names: (uids) => googleNames(auth, uids),
  });
  console.log(
    launchSaid(campus, counts, dryRun) +
      (dryRun ? '' : ' The function send_mail sends them within a minute.'),
  );
  return 0;
}
