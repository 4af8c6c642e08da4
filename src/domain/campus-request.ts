import { AppError } from '@/domain/errors';
import { isCollegeId } from '@/domain/college';
import type { CampusRequestField, PendingCampus } from '@/domain/campus-request-rule';

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
  looksLikeContact,
  mailCampusLabel,
  PENDING_CAMPUS_MAIL_LABEL,
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

/**
 * A server's answer to a request read as the campus the student may join: `{ id, name, city }`,
 * the id a pending one or a college id (once added). Anything else is an `internal` error named
 * after the call, never a campus.
 */
export function parsePendingCampus(value: unknown, call: string): PendingCampus {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const { id, name, city } = v;
  if (
    typeof id === 'string' &&
    isCollegeId(id) &&
    typeof name === 'string' &&
    name.length > 0 &&
    name.length <= 200 &&
    typeof city === 'string' &&
    city.length <= 200
  ) {
    return { id, name, city };
  }
  throw new AppError('internal', `${call} answered no campus`);
}
