// Deletes one student's data from the Firebase backend on their request (ARCO cancellation,
// docs/privacy-operations.md): their hero consent (`heroConsent/{uid}`), their waitlist entry
// (`waitlist/{uid}`), the operator's decision on their photo (`heroApproval/{uid}`) and, with
// --delete-account, their Firebase Auth account. By --email: under the account's uid and under
// every uid whose entry has that e-mail. Prints what it
// found and what it removed; running it again removes nothing more (idempotent).
//
//   node scripts/ops/delete-student.mjs --uid UID | --email E [--delete-account]
//        [--dry-run | --yes] [--project ID]
//
// Without --yes it removes nothing: --dry-run shows what would go; neither is refused. Credentials
// and emulators: scripts/ops/shared/firebase.mjs. A deletion is written to the operators' log
// (actor 'terminal:<user>', action 'student-delete', the uid), as the console's is.
import { fail, parseArgs, terminalActor } from './shared/cli.mjs';
import { firebase, isoDate } from './shared/firebase.mjs';
import { firestoreNames, functionsModule } from './shared/project.mjs';

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
const { auth, db } = firebase(options);
const names = await firestoreNames();

const notFound = (error) => error?.code === 'auth/user-not-found';

try {
  // Who: the Auth account, and every entry of that student, which may outlive the account (or the
  // reverse): by e-mail, the account's uid and the uid of any entry with that e-mail (an entry
  // made under an older account of the same address is the same student's).
  let account = null;
  let uids = [];
  if (options.email) {
    account = await auth
      .getUserByEmail(options.email)
      .catch((e) => (notFound(e) ? null : Promise.reject(e)));
    const byEmail = await db.collection(names.waitlist).where('email', '==', options.email).get();
    uids = [...new Set([account?.uid, ...byEmail.docs.map((d) => d.id)].filter(Boolean))];
  } else {
    account = await auth
      .getUser(options.uid)
      .catch((e) => (notFound(e) ? null : Promise.reject(e)));
    uids = [options.uid];
  }
  const who = options.uid ?? options.email;
  if (uids.length === 0) {
    console.log(`Nothing to remove for ${who}: no account and no waitlist entry.`);
    process.exit(0);
  }

  // Per uid: the consent, the entry and the operator's decision on the photo.
  const refs = uids.flatMap((uid) => [
    db.collection(names.heroConsent).doc(uid),
    db.collection(names.waitlist).doc(uid),
    db.collection(names.heroApproval).doc(uid),
  ]);
  const snapshots = await db.getAll(...refs);
  const found = [];
  let consented = false;
  snapshots.forEach((doc, i) => {
    if (!doc.exists) return;
    const path = `${refs[i].parent.id}/${doc.id}`;
    if (refs[i].parent.id === names.heroConsent) {
      consented = true;
      found.push(`${path} (granted ${isoDate(doc.get('grantedAt'))})`);
    } else if (refs[i].parent.id === names.waitlist) {
      const data = doc.data();
      found.push(`${path} (${data.email}, ${data.collegeId}, ${isoDate(data.timestamp)})`);
    } else found.push(`${path} (the operator's decision on the photo)`);
  });
  if (options['delete-account'] && account)
    found.push(`Auth account ${account.uid} (${account.email ?? 'no e-mail'})`);

  if (found.length === 0) {
    console.log(
      `Nothing to remove for ${who} (uid ${uids.join(', ')}): no waitlist entry, no hero consent` +
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
  // Written to the operators' log in the same batch (issue 61), by the terminal's user, as the
  // console's 'student-delete' is: the uid, never the address.
  const batch = db.batch();
  for (const ref of refs) batch.delete(ref);
  const { logIn } = functionsModule('operator-log');
  for (const uid of uids) {
    logIn(db, batch, {
      actor: terminalActor(),
      action: 'student-delete',
      target: uid,
      outcome: 'done',
      after: { account: options['delete-account'] === true && account?.uid === uid },
    });
  }
  await batch.commit();
  if (options['delete-account'] && account) await auth.deleteUser(account.uid);
  console.log(`Removed:\n${found.map((f) => `  ${f}`).join('\n')}`);
  if (consented) {
    console.log('The hero strip may show the cached photo for up to 5 more minutes.');
  }
  if (account && !options['delete-account']) {
    console.log('The Auth account is kept (--delete-account removes it).');
  }
} catch (error) {
  fail(`Deletion failed: ${error?.message ?? error}`, 1);
}
