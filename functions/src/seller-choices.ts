/**
 * Who will sell, on Firebase (issue 49). `sellerChoices/{uid}` = `{ categories, updatedAt }` is the
 * student's own, written by the page under firestore.rules (src/domain/seller-choice.ts; the
 * web adapter is src/adapters/firebase/firebase-seller-choices.adapter.ts): no function writes
 * it. This one deletes it with the entry.
 */
import { COLLECTIONS } from './mirror/adapters/firebase/firestore-names';
import { db, type EntryWrite } from './platform';

/** An entry deleted by its student: their seller choice goes with it. */
export async function sellerChoiceOnEntryWritten({ uid, after }: EntryWrite): Promise<void> {
  if (!after) await db().collection(COLLECTIONS.sellerChoices).doc(uid).delete();
}
