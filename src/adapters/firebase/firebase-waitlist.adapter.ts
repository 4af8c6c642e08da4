import type { FirebaseApp } from 'firebase/app';
import type * as FirestoreSdk from 'firebase/firestore/lite';
import type { Firestore } from 'firebase/firestore/lite';
import type { WaitlistRepo } from '@/ports/waitlist-repo.port';
import type { WaitlistEntry } from '@/domain/waitlist-entry';
import { toBackendError } from './firebase-errors';
import type { EmulatorHost } from './firebase-settings';
import { onceUntilFailure } from '@/domain/once-until-failure';

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
  const load = onceUntilFailure<{ sdk: typeof FirestoreSdk; db: Firestore }>(() =>
    import('firebase/firestore/lite').then((sdk) => {
      const db = sdk.getFirestore(options.app);
      const { emulator } = options;
      if (emulator) sdk.connectFirestoreEmulator(db, emulator.host, emulator.port);
      return { sdk, db };
    }),
  );

  const read = async (uid: string) => {
    const { sdk, db } = await load();
    try {
      return await sdk.getDoc(sdk.doc(db, WAITLIST_COLLECTION, uid));
    } catch (error) {
      throw toBackendError(error);
    }
  };

  /** The stored entry as the domain knows it; a malformed document keeps what it can. */
  const storedEntry = (data: Record<string, unknown>, fallback: WaitlistEntry): WaitlistEntry => {
    const { email, collegeId, timestamp } = data;
    const date = (timestamp as { toDate?: () => unknown } | null)?.toDate?.();
    return {
      email: typeof email === 'string' ? email : fallback.email,
      collegeId: typeof collegeId === 'string' ? collegeId : fallback.collegeId,
      timestamp: date instanceof Date ? date : fallback.timestamp,
    };
  };

  return {
    exists: async (uid) => (await read(uid)).exists(),
    async join(uid, entry) {
      const { sdk, db } = await load();
      try {
        // The rules require the server's time, so the timestamp is the server's, not the clock's.
        await sdk.setDoc(sdk.doc(db, WAITLIST_COLLECTION, uid), {
          email: entry.email,
          collegeId: entry.collegeId,
          timestamp: sdk.serverTimestamp(),
        });
        return entry;
      } catch (error) {
        const failure = toBackendError(error);
        // The rules allow no update: a second write of an existing entry is refused. The entry is
        // there (another tab or device joined first, or a first write went through but its answer
        // was lost): the first entry stands, the join has succeeded and nothing is written twice.
        if (failure.code !== 'permission-denied') throw failure;
        const stored = await read(uid).catch(() => null);
        if (!stored?.exists()) throw failure;
        return storedEntry(stored.data(), entry);
      }
    },
  };
}
