// The hero strip's photo review on the Firebase backend (issue 23): no photo shows on the main page
// until an operator has looked at it and approved that exact photo.
//
//   node scripts/ops/hero-photos.mjs list                 [--project ID]
//   node scripts/ops/hero-photos.mjs approve --uid UID    [--project ID]
//   node scripts/ops/hero-photos.mjs reject --uid UID     [--project ID]
//   node scripts/ops/hero-photos.mjs off | on             [--project ID]
//
// list: each consenting student on the list (oldest consent first), the state of their photo
// (pending, approved, rejected; a photo changed since its decision is pending again) and the URL
// to look at. approve/reject: records the decision on the student's current Google photo in
// `heroApproval/{uid}` (admin-only: the rules refuse every client). off: the kill switch
// (`heroSettings/strip` `{ enabled: false }`) empties the strip at the function's next call; on
// shows the approved photos again. Credentials and emulators: scripts/ops/admin.mjs.
import { chooseProject, connect, fail, isoDate, parseArgs } from './admin.mjs';

const USAGE =
  'Usage: node scripts/ops/hero-photos.mjs list | approve --uid UID | reject --uid UID | off | on ' +
  '[--project ID]';
const [command, ...rest] = process.argv.slice(2);
if (!['list', 'approve', 'reject', 'off', 'on'].includes(command ?? '')) fail(USAGE);
const options = parseArgs(rest, { values: ['project', 'uid'], usage: USAGE });
const deciding = command === 'approve' || command === 'reject';
if (deciding !== Boolean(options.uid))
  fail(`${command} ${deciding ? 'needs' : 'takes no'} --uid.\n${USAGE}`);
const { auth, db, FieldValue } = connect(chooseProject(options.project));

/** The photo of an account's Google provider entry: the only photo the strip may show. */
const googlePhoto = (user) =>
  user?.providerData.find((p) => p.providerId === 'google.com')?.photoURL ?? null;

/** The review queue: consenting students on the list with a Google photo, oldest consent first. */
async function queue() {
  const consents = await db.collection('heroConsent').orderBy('grantedAt', 'asc').get();
  const uids = consents.docs.map((d) => d.id);
  if (uids.length === 0) return [];
  const refs = (collection) => uids.map((uid) => db.collection(collection).doc(uid));
  const [entries, decisions] = await Promise.all([
    db.getAll(...refs('waitlist')),
    db.getAll(...refs('heroApproval')),
  ]);
  const users = new Map();
  for (let i = 0; i < uids.length; i += 100) {
    const { users: found } = await auth.getUsers(uids.slice(i, i + 100).map((uid) => ({ uid })));
    for (const user of found) users.set(user.uid, user);
  }
  return consents.docs.flatMap((consent, i) => {
    const photo = googlePhoto(users.get(consent.id));
    if (!entries[i].exists || !photo) return [];
    const decision = decisions[i].data();
    const status =
      decision?.photoURL !== photo
        ? 'pending'
        : decision.approved === true
          ? 'approved'
          : 'rejected';
    return [{ uid: consent.id, granted: isoDate(consent.get('grantedAt')), status, photo }];
  });
}

try {
  if (command === 'list') {
    const strip = (await db.doc('heroSettings/strip').get()).data();
    console.log(`Hero strip: ${strip?.enabled === false ? 'OFF (kill switch)' : 'on'}`);
    const rows = await queue();
    if (rows.length === 0) console.log('No consenting student on the list has a Google photo.');
    for (const row of rows) console.log(`${row.status}\t${row.uid}\t${row.granted}\t${row.photo}`);
    const pending = rows.filter((r) => r.status === 'pending').length;
    console.log(`${rows.length} photos, ${pending} pending.`);
  } else if (deciding) {
    const row = (await queue()).find((r) => r.uid === options.uid);
    if (!row) {
      fail(`${options.uid} is not a consenting student on the list with a Google photo.`, 1);
    }
    const approved = command === 'approve';
    await db.collection('heroApproval').doc(row.uid).set({
      photoURL: row.photo,
      approved,
      decidedAt: FieldValue.serverTimestamp(),
    });
    console.log(`${approved ? 'Approved' : 'Rejected'} the photo of ${row.uid}: ${row.photo}`);
  } else {
    const enabled = command === 'on';
    await db.doc('heroSettings/strip').set({ enabled });
    console.log(
      enabled
        ? 'Hero strip on: approved photos show again.'
        : 'Hero strip OFF: the function answers no photo from its next call.',
    );
  }
  process.exit(0);
} catch (error) {
  fail(`hero-photos failed: ${error instanceof Error ? error.message : String(error)}`, 1);
}
