// `retention` on Firebase: the functions' own code applies the rule (functions/src/retention.ts,
// applyRetention). Each student's entry goes, then the account, whose other data
// on_account_deleted removes. Credentials and emulators: shared/firebase.mjs.
import { firebase } from '../shared/firebase.mjs';
import { firestoreNames, functionsModule } from '../shared/project.mjs';

/** The plan (deleted unless `dryRun`): `{ rows: [reason, uid][], campuses }`. */
export async function retention(options, usage, { dryRun }) {
  const { auth, db } = firebase(options);
  const [names, { applyRetention }] = await Promise.all([
    firestoreNames(),
    functionsModule('students'),
  ]);
  const plan = await applyRetention(db, auth, {
    dryRun,
    // The entry first (its trigger forgets its e-mails), then the account (on_account_deleted
    // removes the rest); an account already gone is no error, so a rerun finds nothing left.
    remove: async (uid) => {
      await db.collection(names.waitlist).doc(uid).delete();
      await auth.deleteUser(uid).catch((error) => {
        if (error?.code !== 'auth/user-not-found') throw error;
      });
    },
  });
  return {
    rows: [...plan.idle.map((uid) => ['idle', uid]), ...plan.launched.map((u) => ['launched', u])],
    campuses: plan.campuses,
  };
}
