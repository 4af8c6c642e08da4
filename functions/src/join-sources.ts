/**
 * Where a student came from, on Firebase (issue 49): the callable `record_join_source`.
 * `joinSources/{uid}` = `{ source, medium, campaign, at }` (admin-only): the visit's clamped
 * `utm_*` values (src/domain/visit-source.ts, mirrored), written once while the entry is at most a
 * day old, and deleted with the entry.
 */
import { tallyStudent } from './campus-counters';
import { FieldValue } from 'firebase-admin/firestore';
import { HttpsError, onCall } from 'firebase-functions/v2/https';
import { COLLECTIONS } from './mirror/adapters/firebase/firestore-names';
import { parseVisitSource, SOURCE_WINDOW_MS } from './mirror/domain/visit-source';
import { CALLABLE, caller, db, type EntryWrite, field, joinedOf, unavailable } from './platform';

/**
 * Where the caller came from: `{ recorded }`, false when one was there, or the caller is not on
 * the list or joined longer ago.
 */
export const record_join_source = onCall(CALLABLE, async (request) => {
  const uid = caller(request);
  const source = parseVisitSource(field(request.data, 'source'));
  if (!source) throw new HttpsError('invalid-argument', 'Not a clamped source.');
  try {
    const store = db();
    const entryRef = store.collection(COLLECTIONS.waitlist).doc(uid);
    const ref = store.collection(COLLECTIONS.joinSources).doc(uid);
    const recorded = await store.runTransaction(async (tx) => {
      const [entry, held] = await tx.getAll(entryRef, ref);
      const joined = joinedOf(entry!.data());
      if (held!.exists || joined === null || Date.now() - joined > SOURCE_WINDOW_MS) return false;
      tx.create(ref, { ...source, at: FieldValue.serverTimestamp() });
      return true;
    });
    // The campus's sources (issue 61, campus-counters.ts) follow the record.
    if (recorded) await tallyStudent(store, uid);
    return { recorded };
  } catch (error) {
    unavailable('record_join_source', 'The source could not be recorded right now.', error);
  }
});

/** An entry deleted by its student: the source goes with it. */
export async function sourceOnEntryWritten({ uid, after }: EntryWrite): Promise<void> {
  if (!after) await db().collection(COLLECTIONS.joinSources).doc(uid).delete();
}
