// `hero:photos` on Firebase: the operator console's own review (functions/src/operator-console.ts,
// run by shared/firebase.mjs's operatorConsole as 'terminal:<user>', each decision written to the
// operators' log): the decisions in `heroApproval/{uid}` (admin-only: the rules refuse every
// client), the kill switch in `heroSettings/strip` (`{ enabled: false }`), read by the function at
// its next call. The list is the review queue the console reads (functions/src/hero-images.ts,
// heroQueue), with when each student consented. Credentials and emulators: shared/firebase.mjs.
import { firebase, operatorConsole } from '../shared/firebase.mjs';
import { firestoreNames, functionsModule } from '../shared/project.mjs';

/** What the kill switch does, as `hero:photos -- off` says it. */
export const OFF = 'the function answers no photo from its next call';

/** Whether the strip is on, and the review queue. */
export async function list(options) {
  const { auth, db } = firebase(options);
  const names = await firestoreNames();
  const [strip, rows] = await Promise.all([
    db.collection(names.heroSettings).doc('strip').get(),
    functionsModule('hero-images').heroQueue(db, auth),
  ]);
  return { enabled: strip.get('enabled') !== false, rows };
}

/** Records the decision on the student's current photo: that photo, or null when none. */
export async function decide(options, usage, uid, approved) {
  const call = await operatorConsole(options);
  const queue = await call('heroPhotos');
  const photo = queue.value.photos.find((p) => p.uid === uid)?.photo ?? null;
  if (!photo) return null;
  const answer = await call('reviewPhoto', { uid, approved });
  return 'value' in answer ? photo : null;
}

/** The kill switch: off empties the strip at the function's next call. */
export async function setStrip(options, usage, enabled) {
  await (
    await operatorConsole(options)
  )('setStrip', { enabled });
}
