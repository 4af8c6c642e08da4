import type { CampusRequests } from '@/ports/campus-requests.port';
import type { College } from '@/domain/college';
import { campusRequestError, parseCampusRequest, pendingCollege } from '@/domain/campus-request';
import { backendCall } from '@/domain/deadline';
import type { User } from '@/domain/user';

/**
 * 'Mi campus no aparece': sends the student's request for a campus the catalogue lacks. A name or
 * city that is not valid fails with `validation/campus-request` and sends nothing. Resolves with
 * the requested campus as a college the student may join at once, pending (issue 49).
 */
export const createRequestCampus =
  ({ campusRequests, timeoutMs }: { campusRequests: CampusRequests; timeoutMs?: number }) =>
  async (user: User, input: { name: string; city: string }): Promise<College> => {
    const parsed = parseCampusRequest(input);
    if (!parsed.ok) throw campusRequestError(parsed.invalid);
    return pendingCollege(
      await backendCall(campusRequests.request(user.uid, parsed.request), timeoutMs),
    );
  };
