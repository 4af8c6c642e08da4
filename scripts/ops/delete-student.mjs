// Deletes one student's data from the Firebase backend on their request (ARCO cancellation,
// docs/privacy-operations.md): their hero consent (`heroConsent/{uid}`), their waitlist entry
// (`waitlist/{uid}`) and, with --delete-account, their Firebase Auth account. Prints what it
// found and what it removed; running it again removes nothing more (idempotent).
//
//   node scripts/ops/delete-student.mjs --uid UID | --email E [--delete-account]
//        [--dry-run | --yes] [--project ID]
//
// Without --yes it removes nothing: --dry-run shows what would go; neither is refused. Credentials
// and emulators: scripts/ops/admin.mjs.
import { chooseProject, connect, fail, isoDate, parseArgs } from './admin.mjs';

const USAGE =
  'Usage: node scripts/ops/delete-student.mjs --uid UID | --email E [--delete-account] ' +
  '[--dry-run | --yes] [--project ID]';

const options = parseArgs(process.argv.slice(2), {
  values: ['project', 'uid', 'email'],
  flags: ['delete-account', 'yes', 'dry-run'],
  usage: USAGE,
});
if (!options.uid === !options.email) fail(`Give exactly one of --uid or --email.\n${USAGE}`);
if (options.yes && options['dry-run']) fail(`--dry-run and --yes exclude each other.\n${USAGE}`);
const { auth, db } = connect(chooseProject(options.project));

const notFound = (error) => error?.code === 'auth/user-not-found';

try {
  // Who: the Auth account, and the entry, which may outlive the account (or the reverse).
  let account = null;
  let uid = options.uid;
  if (options.email) {
    account = await auth
      .getUserByEmail(options.email)
      .catch((e) => (notFound(e) ? null : Promise.reject(e)));
    uid = account?.uid;
    if (!uid) {
      const byEmail = await db
        .collection('waitlist')
        .where('email', '==', options.email)
        .limit(2)
        .get();
      if (byEmail.size > 1) fail(`More than one entry has ${options.email}: name the --uid.`, 1);
      uid = byEmail.docs[0]?.id;
    }
  } else {
    account = await auth.getUser(uid).catch((e) => (notFound(e) ? null : Promise.reject(e)));
  }
  const who = options.uid ?? options.email;
  if (!uid) {
    console.log(`Nothing to remove for ${who}: no account and no waitlist entry.`);
    process.exit(0);
  }

  const entryRef = db.collection('waitlist').doc(uid);
  const consentRef = db.collection('heroConsent').doc(uid);
  const [entry, consent] = await db.getAll(entryRef, consentRef);
  const found = [];
  if (consent.exists)
    found.push(`heroConsent/${uid} (granted ${isoDate(consent.get('grantedAt'))})`);
  if (entry.exists) {
    const data = entry.data();
    found.push(`waitlist/${uid} (${data.email}, ${data.collegeId}, ${isoDate(data.timestamp)})`);
  }
  if (options['delete-account'] && account)
    found.push(`Auth account ${uid} (${account.email ?? 'no e-mail'})`);

  if (found.length === 0) {
    console.log(
      `Nothing to remove for ${who} (uid ${uid}): no waitlist entry, no hero consent` +
        (options['delete-account'] ? ', no account.' : '.') +
        (account && !options['delete-account']
          ? ' The Auth account is kept (--delete-account removes it).'
          : ''),
    );
    process.exit(0);
  }
  if (!options.yes) {
    console.log(`Would remove:\n${found.map((f) => `  ${f}`).join('\n')}`);
    if (options['dry-run']) process.exit(0);
    fail('Nothing removed: run again with --yes to delete (or --dry-run only to look).', 2);
  }

  // Consent first, then the entry (as the page's 'Salir de la lista de espera' does), in one
  // atomic batch; deleting a missing document is not an error.
  const batch = db.batch();
  batch.delete(consentRef);
  batch.delete(entryRef);
  await batch.commit();
  if (options['delete-account'] && account) await auth.deleteUser(uid);
  console.log(`Removed:\n${found.map((f) => `  ${f}`).join('\n')}`);
  if (consent.exists) {
    console.log('The hero strip may show the cached photo for up to 5 more minutes.');
  }
  if (account && !options['delete-account']) {
    console.log('The Auth account is kept (--delete-account removes it).');
  }
} catch (error) {
  fail(`Deletion failed: ${error?.message ?? error}`, 1);
}
