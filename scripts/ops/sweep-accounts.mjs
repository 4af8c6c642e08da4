// Deletes the sign-in accounts that never joined the list (issue 23): Firebase Authentication
// keeps an account for everyone who signed in, including those who left without joining. An
// account with no waitlist entry, neither created nor signed in to for --days days (default 30,
// the retention period the privacy notice states), is deleted; the trigger on_account_deleted
// removes anything left under it. Dry run unless --yes: it prints what it would delete.
//
//   node scripts/ops/sweep-accounts.mjs [--days 30] [--yes] [--project ID]
//
// Credentials and emulators: scripts/ops/admin.mjs.
import { chooseProject, connect, fail, parseArgs, sweepDays } from './admin.mjs';

const USAGE = 'Usage: node scripts/ops/sweep-accounts.mjs [--days N] [--yes] [--project ID]';
const options = parseArgs(process.argv.slice(2), {
  values: ['project', 'days'],
  flags: ['yes'],
  usage: USAGE,
});
const days = sweepDays(options.days, USAGE);
const { auth, db } = connect(chooseProject(options.project));
const cutoff = Date.now() - days * 86_400_000;

/** The later of the account's creation and its last sign-in (ms). */
const lastSeen = (user) =>
  Math.max(
    Date.parse(user.metadata.creationTime ?? '') || 0,
    Date.parse(user.metadata.lastSignInTime ?? '') || 0,
  );

try {
  const idle = [];
  let pageToken;
  do {
    const page = await auth.listUsers(1000, pageToken);
    idle.push(...page.users.filter((u) => lastSeen(u) < cutoff));
    pageToken = page.pageToken;
  } while (pageToken);
  const sweep = [];
  for (let i = 0; i < idle.length; i += 100) {
    const chunk = idle.slice(i, i + 100);
    const entries = await db.getAll(...chunk.map((u) => db.collection('waitlist').doc(u.uid)));
    chunk.forEach((user, k) => entries[k].exists || sweep.push(user));
  }
  for (const user of sweep) {
    console.log(`${user.uid}\tlast seen ${new Date(lastSeen(user)).toISOString()}`);
  }
  if (!options.yes) {
    console.log(`Would delete ${sweep.length} accounts without an entry, idle for ${days} days.`);
    console.log('Run again with --yes to delete them.');
    process.exit(0);
  }
  let deleted = 0;
  for (let i = 0; i < sweep.length; i += 1000) {
    const result = await auth.deleteUsers(sweep.slice(i, i + 1000).map((u) => u.uid));
    deleted += result.successCount;
    for (const error of result.errors) console.error(`Could not delete: ${error.error.message}`);
  }
  console.log(`Deleted ${deleted} accounts without an entry, idle for ${days} days.`);
  process.exit(deleted === sweep.length ? 0 : 1);
} catch (error) {
  fail(`sweep-accounts failed: ${error instanceof Error ? error.message : String(error)}`, 1);
}
