import { AppError } from '@/domain/errors';
import type { CampusRequestField } from '@/domain/campus-request-rule';

/**
 * 'Mi campus no aparece' (issue 28, part 4): a student asks for a campus the catalogue lacks. The
 * request never blocks them (they can still join another campus); operators review the requests,
 * counted per requested campus. The rule of its text is campus-request-rule.ts, the same on
 * every backend's server side.
 */
export {
  CAMPUS_NAME_LENGTH,
  CITY_LENGTH,
  MAX_REQUESTS_PER_STUDENT,
  campusRequestKey,
  isPendingCampusId,
  parseCampusRequest,
  pendingCampusIdOf,
  pendingCollege,
  PENDING_CAMPUS_PATTERN,
  type PendingCampus,
  type CampusRequest,
  type CampusRequestField,
} from '@/domain/campus-request-rule';

/** The error of a request that is not valid (the form says which fields). */
export const campusRequestError = (invalid: readonly CampusRequestField[]): AppError =>
  new AppError('validation/campus-request', `Invalid campus request: ${invalid.join(', ')}`);
