import { PRIVACY_NOTICE_VERSION } from '@/domain/join-terms';
import type { HeroConsentRepo } from '@/ports/hero-consent.port';
import { toBackendError } from './firebase-errors';
import { firestoreLite, type FirestoreLiteOptions } from './firestore-lite';
import { COLLECTIONS } from './firestore-names';

/**
 * The hero-strip consent in Cloud Firestore (`heroConsent/{uid}` = exactly `{ grantedAt,
 * noticeVersion }`, the server's time), through `firebase/firestore/lite` like the waitlist. The document exists while
 * the consent is current; revoking deletes it. The rules let a student touch only their own.
 */
export function createFirestoreHeroConsent(options: FirestoreLiteOptions): HeroConsentRepo {
  const load = firestoreLite(options);
  const ref = async (uid: string) => {
    const { sdk, db } = await load();
    return { sdk, ref: sdk.doc(db, COLLECTIONS.heroConsent, uid) };
  };
  return {
    async get(uid) {
      const { sdk, ref: consent } = await ref(uid);
      try {
        const snapshot = await sdk.getDoc(consent);
        if (!snapshot.exists()) return null;
        const { grantedAt } = snapshot.data();
        const date = (grantedAt as { toDate?: () => unknown } | null)?.toDate?.();
        // A record without a readable date is still a consent given; its date is unknown.
        return { grantedAt: date instanceof Date ? date : new Date(0) };
      } catch (error) {
        throw toBackendError(error);
      }
    },
    async grant(uid) {
      const { sdk, ref: consent } = await ref(uid);
      try {
        // Given once: the first date stands (the rules refuse an update), so a consent already
        // there is left as it is. The rules require the server's time and an entry on the list.
        if ((await sdk.getDoc(consent)).exists()) return;
        await sdk.setDoc(consent, {
          grantedAt: sdk.serverTimestamp(),
          noticeVersion: PRIVACY_NOTICE_VERSION,
        });
      } catch (error) {
        // Another tab gave it in between: the consent is there, which is what was asked.
        const given = await sdk.getDoc(consent).then(
          (snapshot) => snapshot.exists(),
          () => false,
        );
        if (!given) throw toBackendError(error);
      }
    },
    async revoke(uid) {
      const { sdk, ref: consent } = await ref(uid);
      try {
        // Deleting a missing document is no error in Firestore: a retry succeeds.
        await sdk.deleteDoc(consent);
      } catch (error) {
        throw toBackendError(error);
      }
    },
  };
}
