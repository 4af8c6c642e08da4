// `retention` on Firebase: the functions' own code applies the rule (functions/src/students.ts,
// applyRetention). Each student's entry goes, then the account, whose other data
// on_account_deleted removes; then the codes' records are pruned (functions/src/code-records.ts,
// pruneCodeRecords). Credentials and emulators: shared/firebase.mjs.
import { firebase } from '../shared/firebase.mjs';
import { firestoreNames, functionsModule } from '../shared/project.mjs';

/** The plan (deleted unless `dryRun`): `{ rows: [reason, uid][], campuses, pruned }`. */
export async function retention(options, usage, { dryRun }) {
  const { auth, db } = firebase(options);
  const [names, { applyRetention }, { pruneCodeRecords }, operatorLog] = await Promise.all([
    firestoreNames(),
    functionsModule('students'),
    functionsModule('code-records'),
    functionsModule('operator-log'),
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
  // The codes' records (issue 59): expired codes, old sends (never an identity's total), and
  // the typed address and nonce of code messages past their end.
  const pruned = await pruneCodeRecords(db, { dryRun });
  if (!dryRun) {
    // The operators' log past its keeping time, and this run, for the console's health view
    // (issue 61), as the scheduled apply_retention records its own.
    const log = await operatorLog.pruneOperatorLog(db, Date.now());
    await operatorLog.recordRetentionRun(db, {
      idle: plan.idle.length,
      launched: plan.launched.length,
      ...pruned,
      operatorLog: log,
    });
  }
  return {
    rows: [...plan.idle.map((uid) => ['idle', uid]), ...plan.launched.map((u) => ['launched', u])],
    campuses: plan.campuses,
    pruned,
  };
}
