import type { WaitlistRepo } from '@/ports/waitlist-repo.port';
import { withDeadline } from '@/domain/deadline';
import { toAppError } from '@/domain/errors';

/** The existence check of spec section 4: is there a waitlist entry for this uid? */
export const createIsOnWaitlist =
  ({ waitlist, timeoutMs }: { waitlist: WaitlistRepo; timeoutMs?: number }) =>
  async (uid: string): Promise<boolean> => {
    try {
      return await withDeadline(waitlist.exists(uid), timeoutMs);
    } catch (error) {
      throw toAppError(error, 'unknown');
    }
  };
