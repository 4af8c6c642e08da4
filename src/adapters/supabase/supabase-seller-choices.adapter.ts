import { AppError } from '@/domain/errors';
import { parseSellerCategories } from '@/domain/seller-choice';
import type { SellerChoices } from '@/ports/seller-choices.port';
import type { SupabaseClientLoader } from './supabase-client';
import { supabaseCalls } from './supabase-calls';

/** The SQL functions of supabase/schema/seller-choices.sql (issue 49). */
export const MY_SELLER_CHOICE_FUNCTION = 'my_seller_choice';
export const SAVE_SELLER_CHOICE_FUNCTION = 'save_seller_choice';

/** The caller's seller choice through two functions (the table is no page role's). */
export function createSupabaseSellerChoices(client: SupabaseClientLoader): SellerChoices {
  const { ownRpc: rpc } = supabaseCalls(client);
  const read = (fn: string, data: unknown) => {
    if (data === null) throw new AppError('not-found', 'No waitlist entry');
    const parsed = parseSellerCategories(data);
    if (!parsed) throw new AppError('internal', `${fn} answered no list of categories`);
    return parsed;
  };
  return {
    async get(uid) {
      return read(MY_SELLER_CHOICE_FUNCTION, await rpc(uid, MY_SELLER_CHOICE_FUNCTION));
    },
    async save(uid, categories) {
      const data = await rpc(uid, SAVE_SELLER_CHOICE_FUNCTION, { categories: [...categories] });
      return read(SAVE_SELLER_CHOICE_FUNCTION, data);
    },
  };
}
