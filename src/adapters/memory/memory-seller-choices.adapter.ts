import type { JoinSources } from '@/ports/join-sources.port';
import type { SellerChoices } from '@/ports/seller-choices.port';
import type { Clock } from '@/ports/clock.port';
import { AppError } from '@/domain/errors';
import { parseSellerCategories } from '@/domain/seller-choice';
import { parseVisitSource, SOURCE_WINDOW_MS } from '@/domain/visit-source';
import type { Controls } from './memory-controls';
import { type StateStore, without } from './memory-state';

/**
 * Who will sell and where students came from (issue 49), as the real backends keep them: records
 * of their own beside the entry, the signed-in student's only, deleted with the entry.
 */
export function createMemorySellerChoices({
  store,
  controls,
}: {
  store: StateStore;
  controls: Controls;
}): SellerChoices {
  const own = (uid: string): void => {
    if (store.read().sessionUid !== uid) {
      throw new AppError(
        'permission-denied',
        'Only the signed-in user may use their seller choice',
      );
    }
  };
  return {
    async get(uid) {
      await controls.enter('getSellerChoice');
      own(uid);
      return [...(store.read().sellerChoices[uid] ?? [])];
    },
    async save(uid, categories) {
      await controls.enter('saveSellerChoice');
      own(uid);
      const parsed = parseSellerCategories(categories);
      if (!parsed) throw new AppError('invalid-argument', 'Not a choice of the seven offerings');
      if (!Object.hasOwn(store.read().entries, uid)) {
        throw new AppError('not-found', 'No waitlist entry');
      }
      store.update((state) => ({
        ...state,
        sellerChoices: parsed.length
          ? { ...state.sellerChoices, [uid]: parsed }
          : without(state.sellerChoices, uid),
      }));
      return parsed;
    },
  };
}

export function createMemoryJoinSources({
  store,
  controls,
  clock,
}: {
  store: StateStore;
  controls: Controls;
  clock: Clock;
}): JoinSources {
  return {
    async record(uid, source) {
      await controls.enter('recordSource');
      if (store.read().sessionUid !== uid) {
        throw new AppError('permission-denied', 'Only the signed-in user may record their source');
      }
      const parsed = parseVisitSource(source);
      if (!parsed) throw new AppError('invalid-argument', 'Not a clamped source');
      let written = false;
      store.update((state) => {
        const entry = Object.hasOwn(state.entries, uid) ? state.entries[uid] : undefined;
        // Once, and only in the join's own visit (within a day of joining).
        if (!entry || Object.hasOwn(state.joinSources, uid)) return state;
        if (clock.now().getTime() - Date.parse(entry.timestamp) > SOURCE_WINDOW_MS) return state;
        written = true;
        return { ...state, joinSources: { ...state.joinSources, [uid]: parsed } };
      });
      return written;
    },
  };
}
