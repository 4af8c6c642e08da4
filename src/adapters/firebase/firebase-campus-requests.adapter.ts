import type { CampusRequests } from '@/ports/campus-requests.port';
import { parsePendingCampus } from '@/domain/campus-request';
import { type CallableOptions, callableFunction } from './firebase-callable';
import { toBackendError } from './firebase-errors';

/** The callable function that records the caller's request (functions/src/campus-requests.ts). */
export const REQUEST_CAMPUS_FUNCTION = 'request_campus';

/** 'Mi campus no aparece' through the callable `request_campus` (the function checks it again). */
export function createCallableCampusRequests(options: CallableOptions): CampusRequests {
  const call = callableFunction(options, REQUEST_CAMPUS_FUNCTION);
  return {
    async request(uid, { name, city }) {
      let answer: unknown;
      try {
        answer = await call({ uid, name, city });
      } catch (error) {
        throw toBackendError(error);
      }
      // The campus the student may join now (issue 49): `{ id, name, city }`.
      return parsePendingCampus(answer, REQUEST_CAMPUS_FUNCTION);
    },
  };
}
