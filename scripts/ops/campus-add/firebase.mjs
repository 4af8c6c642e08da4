// `campus:add` on Firebase, in steps that a rerun resumes (functions/src/campus-launch.ts,
// addCampus): `campuses/{id}` made, the campus saved to the Algolia index (ALGOLIA_APP_ID and
// ALGOLIA_ADMIN_KEY, as `npm run upload:colleges`; --algolia-host for a local server), every entry
// on the pending campus moved, one 'Ya puedes unirte' e-mail recorded per student who asked (the
// function send_mail sends them), the request marked added. Credentials and emulators:
// shared/firebase.mjs.
import { fail } from '../shared/cli.mjs';
import { firebase } from '../shared/firebase.mjs';
import { functionsModule, projectModule } from '../shared/project.mjs';

export const QUEUED = 'e-mails recorded (send_mail sends them)';

/** Adds the campus: `{ added, moved, queued }`; exit 1 when the functions refuse it. */
export async function addCampus(options, usage, addition) {
  const appId = process.env.ALGOLIA_APP_ID ?? process.env.VITE_ALGOLIA_APP_ID;
  const adminKey = process.env.ALGOLIA_ADMIN_KEY;
  if (!appId || !adminKey) {
    fail('Set ALGOLIA_APP_ID and ALGOLIA_ADMIN_KEY (the search must find the campus).\n' + usage);
  }
  const { auth, db } = firebase(options);
  const [launch, students, algolia] = await Promise.all([
    functionsModule('campus-launch'),
    functionsModule('students'),
    projectModule('scripts/data/colleges-index.ts'),
  ]);
  // Read before anything is written: a bad URL stops the command here.
  const hosts = algolia.hostsOf(options['algolia-host']);
  try {
    return await launch.addCampus(db, addition, {
      accounts: (uids) => students.googleAccounts(auth, uids),
      index: (college) => algolia.addCollege({ appId, adminKey, college, hosts }),
    });
  } catch (error) {
    if (error instanceof launch.CampusAddError) fail(`campus:add refused: ${error.message}`, 1);
    throw error;
  }
}
