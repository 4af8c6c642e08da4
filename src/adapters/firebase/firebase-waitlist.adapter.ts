import type { WaitlistRepo } from '@/ports/waitlist-repo.port';
import type { WaitlistEntry } from '@/domain/waitlist-entry';
import { AppError } from '@/domain/errors';
import { JOIN_TERMS } from '@/domain/join-terms';
import { COLLEGE_CHANGE_INTERVAL_MS } from '@/domain/waitlist-entry';
import { toBackendError } from './firebase-errors';
import { firestoreLite, type FirestoreLiteOptions } from './firestore-lite';
import { COLLECTIONS, ENTRY_FIELDS } from './firestore-names';

/**
 * How far the page's clock may be from the server's when a refused change of campus is told
 * apart as one too soon after the last (the rules compare the server's times).
 */
const CLOCK_SKEW_MS = 60_000;

export type FirestoreWaitlistOptions = FirestoreLiteOptions;

/**
 * The waitlist in Cloud Firestore (`waitlist/{uid}`), through `firebase/firestore/lite`: one-time
 * reads and writes over HTTPS, with no live listeners (about 31 KB gzip with updateDoc and
 * deleteDoc, against 136 KB for the full SDK). The SDK loads on the first call, after sign-in.
 */
export function createFirestoreWaitlist(options: FirestoreWaitlistOptions): WaitlistRepo {
  const load = firestoreLite(options);

  const read = async (uid: string) => {
    const { sdk, db } = await load();
    try {
      return await sdk.getDoc(sdk.doc(db, COLLECTIONS.waitlist, uid));
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

  /** The stored entry, or null when there is none. */
  const get = async (uid: string): Promise<WaitlistEntry | null> => {
    const snapshot = await read(uid);
    if (!snapshot.exists()) return null;
    return storedEntry(snapshot.data(), { email: '', collegeId: '', timestamp: new Date(0) });
  };

  return {
    get,
    async join(uid, entry) {
      const { sdk, db } = await load();
      try {
        // The rules require the server's time, so the timestamp is the server's, not the clock's.
        await sdk.setDoc(sdk.doc(db, COLLECTIONS.waitlist, uid), {
          email: entry.email,
          collegeId: entry.collegeId,
          timestamp: sdk.serverTimestamp(),
          // What joining confirms (src/domain/join-terms.ts): the rules take both together.
          adult: JOIN_TERMS.adult,
          noticeVersion: JOIN_TERMS.noticeVersion,
        });
      } catch (error) {
        const failure = toBackendError(error);
        // The rules allow no overwrite (only a change of collegeId): a second write of an existing
        // entry, with a new timestamp, is refused. The entry is there (another tab or device
        // joined first, or a first write went through but its answer was lost): the first entry
        // stands, the join has succeeded and nothing is written twice.
        if (failure.code !== 'permission-denied') throw failure;
        const stored = await read(uid).catch(() => null);
        if (!stored?.exists()) throw failure;
        return storedEntry(stored.data(), entry);
      }
      // The entry as stored, with the server's time (as the Supabase adapter answers). The write
      // went through: a read that fails then does not fail the join, which answers what it sent.
      return (await get(uid).catch(() => null)) ?? entry;
    },
    async changeCollege(uid, collegeId) {
      const { sdk, db } = await load();
      try {
        // An update of collegeId and the server's time of the change alone (an update mask, and
        // the precondition that the entry exists): the e-mail and the date of joining stay as the
        // server holds them. The rules allow one change a minute (issue 59).
        await sdk.updateDoc(sdk.doc(db, COLLECTIONS.waitlist, uid), {
          [ENTRY_FIELDS.collegeId]: collegeId,
          [ENTRY_FIELDS.collegeChangedAt]: sdk.serverTimestamp(),
        });
      } catch (error) {
        const failure = toBackendError(error);
        // The rules refuse an update of a missing entry (and another student's) before the
        // precondition is checked: tell a missing entry of one's own apart, as the join does.
        if (failure.code !== 'permission-denied') throw failure;
        const stored = await read(uid).catch(() => null);
        if (stored && !stored.exists()) {
          throw new AppError('not-found', 'There is no waitlist entry to change', {
            cause: error,
          });
        }
        // The last change less than a minute ago: refused as too soon, as the other backends do.
        const last = (
          stored?.get(ENTRY_FIELDS.collegeChangedAt) as { toMillis?: () => number } | undefined
        )?.toMillis?.();
        if (last !== undefined && Date.now() - last < COLLEGE_CHANGE_INTERVAL_MS + CLOCK_SKEW_MS) {
          throw new AppError('resource-exhausted', 'The campus changed less than a minute ago', {
            cause: error,
          });
        }
        throw failure;
      }
      const changed = await get(uid);
      if (!changed) throw new AppError('not-found', 'The waitlist entry is gone');
      return changed;
    },
    async leave(uid) {
      const { sdk, db } = await load();
      try {
        // Deleting a missing document is no error in Firestore: a retry succeeds.
        await sdk.deleteDoc(sdk.doc(db, COLLECTIONS.waitlist, uid));
      } catch (error) {
        throw toBackendError(error);
      }
    },
  };
}
