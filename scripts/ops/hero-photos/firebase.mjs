// `hero:photos` on Firebase: the decisions in `heroApproval/{uid}` (admin-only: the rules refuse
// every client), the kill switch in `heroSettings/strip` (`{ enabled: false }`), read by the
// function at its next call. Credentials and emulators: shared/firebase.mjs.
import { firebase } from '../shared/firebase.mjs';
import { firestoreNames, functionsModule } from '../shared/project.mjs';

/** What the kill switch does, as `hero:photos -- off` says it. */
export const OFF = 'the function answers no photo from its next call';

async function open(options) {
  const { auth, db, FieldValue } = firebase(options);
  const names = await firestoreNames();
  return { auth, db, FieldValue, names, strip: db.collection(names.heroSettings).doc('strip') };
}

/**
 * The review queue, as the operator console reads it: the functions' own code
 * (functions/src/hero-images.ts, heroQueue), so the command and the console cannot disagree.
 */
const queue = ({ auth, db }) => functionsModule('hero-images').heroQueue(db, auth);

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
