import type { SellerChoices } from '@/ports/seller-choices.port';
import { AppError } from '@/domain/errors';
import { parseSellerCategories, type SellerCategory } from '@/domain/seller-choice';
import { assertSignedIn } from './memory-auth.adapter';
import type { MemoryContext, Slice } from './memory-store';
import { recordOf, without } from './memory-values';

declare module './memory-store' {
  interface MemoryState {
    /** Who will sell, and what (issue 49), keyed by uid: never an empty list (clearing deletes). */
    readonly sellerChoices: Readonly<Record<string, readonly SellerCategory[]>>;
  }
}

/** The seller choices' slice (the entry's: leaving deletes a student's too). */
export const sellerChoicesSlice: Slice<'sellerChoices'> = {
  empty: () => ({ sellerChoices: {} }),
  parse: (d) => ({
    sellerChoices: recordOf(d.sellerChoices, (v): v is SellerCategory[] => {
      const parsed = parseSellerCategories(v);
      return parsed !== null && parsed.length > 0;
    }),
  }),
  withoutStudent: (state, uid) => ({ sellerChoices: without(state.sellerChoices, uid) }),
};

/** The seller choices' operator control. */
export interface SellerChoicesControls {
  /** Who will sell, and what (issue 49), keyed by uid (admin-only). */
  sellerChoices(): Record<string, readonly SellerCategory[]>;
}

export const sellerChoicesControls = ({ store }: MemoryContext): SellerChoicesControls => ({
  sellerChoices: () => ({ ...store.read().sellerChoices }),
});

/**
 * Who will sell (issue 49), as the real backends keep it: a record of its own beside the entry,
 * the signed-in student's only, deleted with the entry.
 */
export function createMemorySellerChoices({ store, controls }: MemoryContext): SellerChoices {
  const own = (uid: string): void => assertSignedIn(store.read(), uid, 'use their seller choice');
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
