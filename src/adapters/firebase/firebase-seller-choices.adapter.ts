import { AppError } from '@/domain/errors';
import { parseSellerCategories } from '@/domain/seller-choice';
import type { SellerChoices } from '@/ports/seller-choices.port';
import { toBackendError } from './firebase-errors';
import { firestoreLite, type FirestoreLiteOptions } from './firestore-lite';
import { COLLECTIONS } from './firestore-names';

/**
 * Who will sell, and what, in Cloud Firestore through `firebase/firestore/lite`: the student's own
 * document, which the rules let them read, write (while on the list, a set of the seven) and
 * delete. Saving none deletes it.
 */
export function createFirestoreSellerChoices(options: FirestoreLiteOptions): SellerChoices {
  const load = firestoreLite(options);
  return {
    async get(uid) {
      const { sdk, db } = await load();
      try {
        const snapshot = await sdk.getDoc(sdk.doc(db, COLLECTIONS.sellerChoices, uid));
        if (!snapshot.exists()) return [];
        // A stored list that is not one of the seven reads as none (the rules never write one).
        return parseSellerCategories(snapshot.data().categories) ?? [];
      } catch (error) {
        throw toBackendError(error);
      }
    },
    async save(uid, categories) {
      const parsed = parseSellerCategories(categories);
      if (!parsed) throw new AppError('invalid-argument', 'Not a choice of the seven offerings');
      const { sdk, db } = await load();
      try {
        const entry = await sdk.getDoc(sdk.doc(db, COLLECTIONS.waitlist, uid));
        if (!entry.exists()) throw new AppError('not-found', 'No waitlist entry');
        const ref = sdk.doc(db, COLLECTIONS.sellerChoices, uid);
        if (parsed.length === 0) await sdk.deleteDoc(ref);
        else await sdk.setDoc(ref, { categories: parsed, updatedAt: sdk.serverTimestamp() });
        return parsed;
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw toBackendError(error);
      }
    },
  };
}
