import type { Clock } from '@/ports/clock.port';
import type { LocalRecord } from '@/ports/local-record.port';
import type { WaitlistRepo } from '@/ports/waitlist-repo.port';
import { COLLEGE_CATALOGUE } from '@/data/college-catalogue';
import type { College } from '@/domain/college';
import { withDeadline } from '@/domain/deadline';
import { toAppError } from '@/domain/errors';
import { type JoinRequest, joinRequestError } from '@/domain/join-request';
import { toStoredEntry, type WaitlistEntry } from '@/domain/waitlist-entry';

export type { JoinRequest };

/** What the waitlist holds after a join: the stored entry and its college. */
export interface JoinResult {
  readonly entry: WaitlistEntry;
  /** The stored entry's college: the chosen one, or the first one when the student had joined. */
  readonly college: College;
}

/** The college of a stored id: the chosen one, else the catalogue's, else one named by its id. */
function storedCollege(chosen: College, id: string): College {
  if (chosen.id === id) return chosen;
  const known = COLLEGE_CATALOGUE.find((c) => c.id === id);
  return known
    ? { id, name: known.name, subname: known.subname, shortName: known.shortName }
    : { id, name: id, subname: '', shortName: id };
}

/**
 * Writes `{ email, collegeId, timestamp }` under the user's uid. Without a college it fails with
 * `validation/college-required` and writes nothing. On success, this browser keeps the entry
 * (spec section 3: waitlistEmail, waitlistDocId, waitlistData, selectedCollege). The first entry stands: joining again (from
 * another tab or device) leaves it as it is and answers with it. Concurrent calls for one uid
 * share one write, so a double click writes once; a write with no answer within the request
 * timeout fails with `deadline-exceeded` and the next call starts afresh.
 */
export function createJoinWaitlist({
  waitlist,
  local,
  clock,
  timeoutMs,
}: {
  waitlist: WaitlistRepo;
  local: LocalRecord;
  clock: Clock;
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
    const write = withDeadline(waitlist.join(user.uid, entry), timeoutMs)
      .then((stored) => {
        const result = { entry: stored, college: storedCollege(college, stored.collegeId) };
        local.save({
          waitlistEmail: stored.email,
          waitlistDocId: user.uid,
          waitlistData: toStoredEntry(stored),
          selectedCollege: result.college,
        });
        return result;
      })
      .catch((error: unknown) => {
        throw toAppError(error, 'unknown');
      })
      .finally(() => inFlight.delete(user.uid));
    inFlight.set(user.uid, write);
    return write;
  };
}
