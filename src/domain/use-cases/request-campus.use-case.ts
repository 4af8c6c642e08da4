import type { CampusRequests } from '@/ports/campus-requests.port';
import { campusRequestError, parseCampusRequest } from '@/domain/campus-request';
import { backendCall } from '@/domain/deadline';
import type { User } from '@/domain/user';

/**
 * 'Mi campus no aparece': sends the student's request for a campus the catalogue lacks. A name or
 * city that is not valid fails with `validation/campus-request` and sends nothing.
 */
export const createRequestCampus =
  ({ campusRequests, timeoutMs }: { campusRequests: CampusRequests; timeoutMs?: number }) =>
  async (user: User, input: { name: string; city: string }): Promise<void> => {
    const parsed = parseCampusRequest(input);
    if (!parsed.ok) throw campusRequestError(parsed.invalid);
    await backendCall(campusRequests.request(user.uid, parsed.request), timeoutMs);
  };
