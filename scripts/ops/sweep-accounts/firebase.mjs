// `sweep:accounts` on Firebase: Firebase Authentication's accounts without a `waitlist/{uid}`
// entry or the operator role; the trigger on_account_deleted removes anything left under a deleted one. Credentials and
// emulators: shared/firebase.mjs.
import { firebase } from '../shared/firebase.mjs';
import { firestoreNames } from '../shared/project.mjs';

/** The later of the account's creation and its last sign-in (ms). */
const lastSeen = (user) =>
  Math.max(
    Date.parse(user.metadata.creationTime ?? '') || 0,
    Date.parse(user.metadata.lastSignInTime ?? '') || 0,
  );

/** The idle accounts without an entry, deleted with `yes` (a failure is printed, not thrown). */
export async function sweep(options, usage, { days, yes }) {
  const { auth, db } = firebase(options);
  const names = await firestoreNames();
  const cutoff = Date.now() - days * 86_400_000;
  const idle = [];
  let pageToken;
  do {
    const page = await auth.listUsers(1000, pageToken);
    // An operator (the console's role, issue 61) never joins and keeps the account.
    idle.push(
      ...page.users.filter((u) => lastSeen(u) < cutoff && u.customClaims?.operator !== true),
    );
    pageToken = page.pageToken;
  } while (pageToken);
  const found = [];
  for (let i = 0; i < idle.length; i += 100) {
    const chunk = idle.slice(i, i + 100);
    const entries = await db.getAll(...chunk.map((u) => db.collection(names.waitlist).doc(u.uid)));
    chunk.forEach((user, k) => entries[k].exists || found.push(user));
  }
  const accounts = found.map((u) => ({ uid: u.uid, seen: new Date(lastSeen(u)).toISOString() }));
  if (!yes) return { accounts };
  let deleted = 0;
  for (let i = 0; i < found.length; i += 1000) {
    const result = await auth.deleteUsers(found.slice(i, i + 1000).map((u) => u.uid));
    deleted += result.successCount;
    for (const error of result.errors) console.error(`Could not delete: ${error.error.message}`);
  }
  return { accounts, deleted };
}
