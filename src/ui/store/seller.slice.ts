import type { StateCreator } from 'zustand/vanilla';
import type { SellerCategory } from '@/domain/seller-choice';
import { fail, IGNORED, type Ignored, ok, type Outcome, type SliceDeps } from './outcome';

/**
 * Who will sell, and what (issue 49), for the card's joined student. Each action answers what came
 * of it for the form to say; a failure loses nothing (the form keeps what was ticked).
 */
export interface SellerSlice {
  loadSellerChoice: () => Promise<Outcome<SellerCategory[]> | Ignored>;
  saveSellerChoice: (categories: readonly string[]) => Promise<Outcome<SellerCategory[]> | Ignored>;
}

export const createSellerSlice =
  ({ services, log, card }: SliceDeps): StateCreator<SellerSlice> =>
  () => {
    const joined = () => {
      const now = card();
      return now.step === 'joined' ? now.user : null;
    };
    return {
      async loadSellerChoice() {
        const user = joined();
        if (!user) return IGNORED;
        try {
          return ok(await (await services()).loadSellerChoice(user));
        } catch (error) {
          log('Error reading the seller choice', error);
          return fail(error);
        }
      },
      async saveSellerChoice(categories) {
        const user = joined();
        if (!user) return IGNORED;
        try {
          return ok(await (await services()).saveSellerChoice(user, categories));
        } catch (error) {
          log('Error saving the seller choice', error);
          return fail(error);
        }
      },
    };
  };
