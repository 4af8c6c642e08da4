import type { FirebaseApp } from 'firebase/app';
import type * as FirestoreSdk from 'firebase/firestore/lite';
import type { Firestore } from 'firebase/firestore/lite';
import type { WaitlistRepo } from '@/ports/waitlist-repo.port';
import { toBackendError } from './firebase-errors';
import type { EmulatorHost } from './firebase-settings';

/** The collection of spec section 3: one document per student, keyed by uid. */
export const WAITLIST_COLLECTION = 'waitlist';

export interface FirestoreWaitlistOptions {
  readonly app: FirebaseApp;
  readonly emulator?: EmulatorHost;
}

/**
 * The waitlist in Cloud Firestore (`waitlist/{uid}`), through `firebase/firestore/lite`: a
 * one-time read and a set over HTTPS, with no live listeners (about 29 KB gzip against 136 KB for
 * the full SDK). The SDK loads on the first call, after sign-in.
 */
export function createFirestoreWaitlist(options: FirestoreWaitlistOptions): WaitlistRepo {
  let ready: Promise<{ sdk: typeof FirestoreSdk; db: Firestore }> | null = null;
  const load = () =>
    (ready ??= import('firebase/firestore/lite').then((sdk) => {
      const db = sdk.getFirestore(options.app);
      const { emulator } = options;
      if (emulator) sdk.connectFirestoreEmulator(db, emulator.host, emulator.port);
      return { sdk, db };
    }));

  const exists = async (uid: string): Promise<boolean> => {
    const { sdk, db } = await load();
    try {
      return (await sdk.getDoc(sdk.doc(db, WAITLIST_COLLECTION, uid))).exists();
    } catch (error) {
      throw toBackendError(error);
    }
  };

  return {
    exists,
    async join(uid, entry) {
      const { sdk, db } = await load();
      try {
        // The rules require the server's time, so the timestamp is the server's, not the clock's.
        await sdk.setDoc(sdk.doc(db, WAITLIST_COLLECTION, uid), {
          email: entry.email,
          collegeId: entry.collegeId,
          timestamp: sdk.serverTimestamp(),
        });
      } catch (error) {
        const failure = toBackendError(error);
        // The rules allow no update: a second write of an existing entry is refused. The entry is
        // there (for example, a first write went through but its answer was lost), so the join
        // has succeeded and nothing is written twice.
        if (failure.code === 'permission-denied' && (await exists(uid).catch(() => false))) return;
        throw failure;
      }
    },
  };
}
