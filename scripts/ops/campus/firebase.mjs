// `campus` on Firebase: the settings in `campusSettings/{id}`, the counts from `campusMembers`
// (kept by the functions from each entry). Credentials and emulators: shared/firebase.mjs.
import { firebase } from '../shared/firebase.mjs';
import { firestoreNames } from '../shared/project.mjs';

/** Applies `change` (if any); the settings and the true counts of campus `id`. */
export async function campus(options, usage, id, change) {
  const { db } = firebase(options);
  const names = await firestoreNames();
  const settingsRef = db.collection(names.campusSettings).doc(id);
  if (change) await settingsRef.set(change, { merge: true });
  const members = db.collection(names.campusMembers).where('collegeId', '==', id);
  const [stored, joined, verified] = await Promise.all([
    settingsRef.get(),
    members.count().get(),
    members.where('verified', '==', true).count().get(),
  ]);
  const s = stored.data() ?? {};
  return {
    threshold: s.threshold,
    state: s.state,
    opensOn: s.opensOn,
    joined: joined.data().count,
    verified: verified.data().count,
  };
}
