// `operator` on Firebase: the role is the `operator: true` custom claim of the account (Firebase
// Auth), which the callable operator_console checks first on every call (and against the account
// as it is now, so a revoke refuses the next call). Logged in `operatorLog` with the functions' own
// code (functions/lib/operator-log.js). Credentials and emulators: shared/firebase.mjs.
import { terminalActor } from '../shared/cli.mjs';
import { firebase } from '../shared/firebase.mjs';
import { functionsModule } from '../shared/project.mjs';

/**
 * Grants (`grant`) or revokes the role of the account of `email`: `{ uid, email, changed }`
 * (changed: false when it already was, or was not, an operator). An unknown address rejects.
 */
export async function setOperator(options, usage, { email, grant }) {
  const { auth, db } = firebase(options);
  const { logAlone } = functionsModule('operator-log');
  const user = await auth.getUserByEmail(email.trim().toLowerCase()).catch((error) => {
    if (error?.code === 'auth/user-not-found') {
      throw new Error(
        `no account with the address ${email}: its holder signs in once on the site first.`,
      );
    }
    throw error;
  });
  const claims = { ...(user.customClaims ?? {}) };
  const was = claims.operator === true;
  if (grant) claims.operator = true;
  else delete claims.operator;
  if (was !== grant) await auth.setCustomUserClaims(user.uid, claims);
  await logAlone(db, {
    actor: terminalActor(),
    action: grant ? 'role-grant' : 'role-revoke',
    target: user.uid,
    outcome: was === grant ? 'already' : 'done',
    before: { operator: was },
    after: { operator: grant },
  });
  return { uid: user.uid, email: user.email ?? email, changed: was !== grant };
}

/**
 * The console's campus counters recounted from the students' records (functions/src/
 * campus-counters.ts, tallyAll): once after the first deploy of the console on a project with
 * students, or to check them. Resolves with how many students it went through.
 */
export async function recount(options) {
  const { db } = firebase(options);
  return functionsModule('campus-counters').tallyAll(db);
}
