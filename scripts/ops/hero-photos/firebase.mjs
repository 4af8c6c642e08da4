// `hero:photos` on Firebase: the decisions in `heroApproval/{uid}` (admin-only: the rules refuse
// every client), the kill switch in `heroSettings/strip` (`{ enabled: false }`), read by the
// function at its next call. Credentials and emulators: shared/firebase.mjs.
import { firebase, isoDate } from '../shared/firebase.mjs';
import { firestoreNames } from '../shared/project.mjs';

/** What the kill switch does, as `hero:photos -- off` says it. */
export const OFF = 'the function answers no photo from its next call';

async function open(options) {
  const { auth, db, FieldValue } = firebase(options);
  const names = await firestoreNames();
  return { auth, db, FieldValue, names, strip: db.collection(names.heroSettings).doc('strip') };
}

/** The photo of an account's Google provider entry: the only photo the strip may show. */
const googlePhoto = (user) =>
  user?.providerData.find((p) => p.providerId === 'google.com')?.photoURL ?? null;

/** The review queue: consenting students on the list with a Google photo, oldest consent first. */
async function queue({ auth, db, names }) {
  const consents = await db.collection(names.heroConsent).orderBy('grantedAt', 'asc').get();
  const uids = consents.docs.map((d) => d.id);
  if (uids.length === 0) return [];
  const refs = (collection) => uids.map((uid) => db.collection(collection).doc(uid));
  const [entries, decisions] = await Promise.all([
    db.getAll(...refs(names.waitlist)),
    db.getAll(...refs(names.heroApproval)),
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

/** Whether the strip is on, and the review queue. */
export async function list(options) {
  const firestore = await open(options);
  const strip = (await firestore.strip.get()).data();
  return { enabled: strip?.enabled !== false, rows: await queue(firestore) };
}

/** Records the decision on the student's current photo: that photo, or null when none. */
export async function decide(options, usage, uid, approved) {
  const firestore = await open(options);
  const row = (await queue(firestore)).find((r) => r.uid === uid);
  if (!row) return null;
  await firestore.db.collection(firestore.names.heroApproval).doc(row.uid).set({
    photoURL: row.photo,
    approved,
    decidedAt: firestore.FieldValue.serverTimestamp(),
  });
  return row.photo;
}

/** The kill switch: off empties the strip at the function's next call. */
export async function setStrip(options, usage, enabled) {
  await (await open(options)).strip.set({ enabled });
}
