import type { Clock } from '@/ports/clock.port';
import type { WaitlistRepo } from '@/ports/waitlist-repo.port';
import type { College } from '@/domain/college';
import { AppError, toAppError } from '@/domain/errors';
import type { User } from '@/domain/user';
import type { WaitlistEntry } from '@/domain/waitlist-entry';

export interface JoinRequest {
  readonly user: User;
  readonly college: College | null;
}

/**
 * Writes `{ email, collegeId, timestamp }` under the user's uid. Without a college it fails with
 * `validation/college-required` and writes nothing. Concurrent calls for one uid share one write,
 * so a double click writes once.
 */
export function createJoinWaitlist({ waitlist, clock }: { waitlist: WaitlistRepo; clock: Clock }) {
  const inFlight = new Map<string, Promise<WaitlistEntry>>();

  return (request: JoinRequest): Promise<WaitlistEntry> => {
    const { user, college } = request;
    if (!college) return Promise.reject(new AppError('validation/college-required'));
    const pending = inFlight.get(user.uid);
    if (pending) return pending;
    const entry: WaitlistEntry = {
      email: user.email,
      collegeId: college.id,
      timestamp: clock.now(),
    };
    const write = waitlist
      .join(user.uid, entry)
      .then(() => entry)
      .catch((error: unknown) => {
        throw toAppError(error, 'unknown');
      })
      .finally(() => inFlight.delete(user.uid));
    inFlight.set(user.uid, write);
    return write;
  };
}
