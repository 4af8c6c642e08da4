import type { Clock } from '@/ports/clock.port';
import type { LocalRecord } from '@/ports/local-record.port';
import type { HeroConsentRepo } from '@/ports/hero-consent.port';
import type { WaitlistRepo } from '@/ports/waitlist-repo.port';
import type { College } from '@/domain/college';
import { collegeOfId } from '@/domain/college-of-id';
import { backendCall } from '@/domain/deadline';
import { type AppError, toAppError } from '@/domain/errors';
import { type JoinRequest, joinRequestError } from '@/domain/join-request';
import type { User } from '@/domain/user';
import { toStoredEntry, type WaitlistEntry } from '@/domain/waitlist-entry';

export type { JoinRequest };

/** What the waitlist holds after a join: the stored entry and its college. */
export interface JoinResult {
  readonly entry: WaitlistEntry;
  /** The stored entry's college: the chosen one, or the first one when the student had joined. */
  readonly college: College;
  /** Whether the student's consent to the hero strip is recorded (asked for, and written). */
  readonly heroConsent: boolean;
  /** Why the consent asked for could not be recorded (the student is on the list all the same). */
  readonly heroConsentError?: AppError;
}

/**
 * Writes `{ email, collegeId, timestamp }` under the user's uid. Without a college it fails with
 * `validation/college-required` and writes nothing. On success, this browser keeps the entry
 * (spec section 3: waitlistEmail, waitlistDocId, waitlistData, selectedCollege). The first entry
 * stands: joining again (from another tab or device) leaves it as it is and answers with it. Concurrent calls for one uid
 * share one write, so a double click writes once; a write with no answer within the request
 * timeout fails with `deadline-exceeded` and the next call starts afresh. When the student asked
 * for it (`heroConsent`), their consent to the hero strip is recorded after the entry; a failure
 * there leaves them on the list and is reported beside the result, so they can give it again.
 */
export function createJoinWaitlist({
  waitlist,
  heroConsent,
  local,
  clock,
  acceptPendingInvite = async () => {},
  timeoutMs,
}: {
  waitlist: WaitlistRepo;
  heroConsent: HeroConsentRepo;
  local: LocalRecord;
  clock: Clock;
  /** Records the invite this visit arrived with, if any (never throws; issue 28). */
  acceptPendingInvite?: (user: User) => Promise<void>;
  timeoutMs?: number;
}) {
  const inFlight = new Map<string, Promise<JoinResult>>();

  return (request: JoinRequest): Promise<JoinResult> => {
    const invalid = joinRequestError(request);
    if (invalid) return Promise.reject(invalid);
    const { user } = request;
    const college = request.college!; // joinRequestError checked it
    const pending = inFlight.get(user.uid);
    if (pending) return pending;
    const entry: WaitlistEntry = {
      email: user.email,
      collegeId: college.id,
      timestamp: clock.now(),
    };
    const write = backendCall(waitlist.join(user.uid, entry), timeoutMs)
      .then(async (stored): Promise<JoinResult> => {
        const joined = { entry: stored, college: collegeOfId(stored.collegeId, college) };
        local.save({
          waitlistEmail: stored.email,
          waitlistDocId: user.uid,
          waitlistData: toStoredEntry(stored),
          selectedCollege: joined.college,
        });
        // Not awaited: a slow credit never holds the join's answer (the card's read of the
        // campus, right after, shares it and waits for it).
        void acceptPendingInvite(user);
        if (!request.heroConsent) return { ...joined, heroConsent: false };
        try {
          await backendCall(heroConsent.grant(user.uid), timeoutMs);
          return { ...joined, heroConsent: true };
        } catch (error) {
          return { ...joined, heroConsent: false, heroConsentError: toAppError(error, 'unknown') };
        }
      })
      .finally(() => inFlight.delete(user.uid));
    inFlight.set(user.uid, write);
    return write;
  };
}
