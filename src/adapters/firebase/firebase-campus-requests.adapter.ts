import type { CampusRequests } from '@/ports/campus-requests.port';
import { type CallableOptions, callableFunction } from './firebase-callable';
import { toBackendError } from './firebase-errors';

/** The callable function that records the caller's request (functions/src/index.ts). */
export const REQUEST_CAMPUS_FUNCTION = 'request_campus';

/** 'Mi campus no aparece' through the callable `request_campus` (the function checks it again). */
export function createCallableCampusRequests(options: CallableOptions): CampusRequests {
  const call = callableFunction(options, REQUEST_CAMPUS_FUNCTION);
  return {
    async request(uid, { name, city }) {
      try {
        await call({ uid, name, city });
      } catch (error) {
        throw toBackendError(error);
      }
    },
  };
}
