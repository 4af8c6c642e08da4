import type { WaitlistRepo } from '@/ports/waitlist-repo.port';
import { AppError } from '@/domain/errors';
import { fromStoredEntry, toStoredEntry } from '@/domain/waitlist-entry';
import type { Controls } from './memory-controls';
import type { StateStore } from './memory-state';

/** Waitlist entries in storage, keyed by uid; only the signed-in student may write their own. */
export function createMemoryWaitlist({
  store,
  controls,
}: {
  store: StateStore;
  controls: Controls;
}): WaitlistRepo {
  return {
    async exists(uid) {
      await controls.enter('exists');
      return Object.hasOwn(store.read().entries, uid);
    },
    async join(uid, entry) {
      await controls.enter('join');
      if (store.read().sessionUid !== uid) {
        throw new AppError('permission-denied', 'Only the signed-in user may join for this uid');
      }
      // The first entry stands, as on every backend: joining again writes nothing.
      const stored = store.update((state) =>
        Object.hasOwn(state.entries, uid)
          ? state
          : {
              ...state,
              entries: { ...state.entries, [uid]: toStoredEntry(entry) },
            },
      ).entries[uid]!;
      return fromStoredEntry(stored);
    },
  };
}
