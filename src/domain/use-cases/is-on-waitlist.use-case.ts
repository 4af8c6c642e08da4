import type { WaitlistRepo } from '@/ports/waitlist-repo.port';
import { toAppError } from '@/domain/errors';

/** The existence check of spec section 4: is there a waitlist entry for this uid? */
export const createIsOnWaitlist =
  ({ waitlist }: { waitlist: WaitlistRepo }) =>
  async (uid: string): Promise<boolean> => {
    try {
      return await waitlist.exists(uid);
    } catch (error) {
      throw toAppError(error, 'unknown');
    }
  };
