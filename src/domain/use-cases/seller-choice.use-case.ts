import type { SellerChoices } from '@/ports/seller-choices.port';
import { backendCall } from '@/domain/deadline';
import { AppError } from '@/domain/errors';
import { parseSellerCategories, type SellerCategory } from '@/domain/seller-choice';
import type { User } from '@/domain/user';

/** The joined student's seller choice (issue 49, part 1); [] when none is saved. */
export const createLoadSellerChoice =
  ({ sellerChoices, timeoutMs }: { sellerChoices: SellerChoices; timeoutMs?: number }) =>
  (user: User): Promise<SellerCategory[]> =>
    backendCall(sellerChoices.get(user.uid), timeoutMs);

/**
 * Saves the joined student's seller choice (an empty one clears it). A list that is not of the
 * seven categories fails with `invalid-argument` and sends nothing.
 */
export const createSaveSellerChoice =
  ({ sellerChoices, timeoutMs }: { sellerChoices: SellerChoices; timeoutMs?: number }) =>
  async (user: User, categories: readonly string[]): Promise<SellerCategory[]> => {
    const parsed = parseSellerCategories(categories);
    if (!parsed) throw new AppError('invalid-argument', 'Not a choice of the seven offerings');
    return backendCall(sellerChoices.save(user.uid, parsed), timeoutMs);
  };
