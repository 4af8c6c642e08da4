// The retention job of the Firebase backend by hand (issue 51, item 9): the scheduled function
// apply_retention runs it daily; this shows its plan, or runs it with --yes. It deletes the
// accounts that never joined, idle for 30 days, and every student of a campus launched 90 days
// ago (src/domain/retention.ts is the rule; functions/lib/retention.js applies it: build it with
// `npm --prefix functions run build`). Each student's entry goes, then the account, whose other
// data on_account_deleted removes.
//
//   npm run retention -- [--yes] [--project ID]
//
// Credentials and emulators: scripts/ops/admin.mjs.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { chooseProject, connect, fail, parseArgs } from './admin.mjs';

const USAGE = 'Usage: npm run retention -- [--yes] [--project ID]';
const options = parseArgs(process.argv.slice(2), {
  values: ['project'],
  flags: ['yes'],
  usage: USAGE,
});
const lib = fileURLToPath(new URL('../../functions/lib/retention.js', import.meta.url));
if (!existsSync(lib)) fail('Build the functions first: npm --prefix functions run build', 1);
const { applyRetention } = createRequire(lib)(lib);
const { auth, db } = connect(chooseProject(options.project));

try {
  const plan = await applyRetention(db, auth, {
    dryRun: !options.yes,
    // The entry first (its trigger forgets its e-mails), then the account (on_account_deleted
    // removes the rest); an account already gone is no error, so a rerun finds nothing left.
    remove: async (uid) => {
      await db.collection('waitlist').doc(uid).delete();
      await auth.deleteUser(uid).catch((error) => {
        if (error?.code !== 'auth/user-not-found') throw error;
      });
    },
  });
  for (const uid of plan.idle) console.log(`idle\t${uid}`);
  for (const uid of plan.launched) console.log(`launched\t${uid}`);
  console.log(
    `${options.yes ? 'Deleted' : 'Would delete'} ${plan.idle.length} idle accounts without an ` +
      `entry and ${plan.launched.length} students of campuses launched 90 days ago` +
      (plan.campuses.length ? ` (${plan.campuses.join(', ')})` : '') +
      '.' +
      (options.yes ? '' : ' Run again with --yes to delete them.'),
  );
} catch (error) {
  fail(`retention failed: ${error instanceof Error ? error.message : String(error)}`, 1);
}
