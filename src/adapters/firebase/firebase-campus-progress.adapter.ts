import type { CampusProgressRepo } from '@/ports/campus-progress.port';
import {
  type CampusProgress,
  type MyCampus,
  parseMyCampus,
  parsePublicProgress,
} from '@/domain/campus-progress';
import { isCollegeId } from '@/domain/college';
import { AppError } from '@/domain/errors';
import { type CallableOptions, callableFunction } from './firebase-callable';
import { toBackendError } from './firebase-errors';

/** The callable function that answers the signed-in student's campus (functions/src/campus-progress.ts). */
export const MY_CAMPUS_FUNCTION = 'get_my_campus';
/** Public: a campus's floored progress, for the campus page (issue 60). */
export const CAMPUS_PROGRESS_FUNCTION = 'get_campus_progress';

/**
 * The student's campus from the callable `get_my_campus`: the function counts the campus's
 * verified students (floored) and decides the caller's verification. It is sent the uid asked
 * for and refuses any but the caller's own (`permission-denied`); no entry is `not-found`. A
 * campus's public progress from `get_campus_progress`, with or without a sign-in.
 */
export function createCallableCampusProgress(options: CallableOptions): CampusProgressRepo {
  const call = callableFunction(options, MY_CAMPUS_FUNCTION);
  const ofCampus = callableFunction(options, CAMPUS_PROGRESS_FUNCTION);
  return {
    async mine(uid): Promise<MyCampus> {
      let answer: unknown;
      try {
        answer = await call({ uid });
      } catch (error) {
        throw toBackendError(error);
      }
      // The callable's names (functions/src/campus-progress.logic.ts, MyCampusAnswer), read here.
      const a = (typeof answer === 'object' && answer !== null ? answer : {}) as Record<
        string,
        unknown
      >;
      const campus = parseMyCampus({
        collegeId: a.collegeId,
        verified: a.verified,
        verifiedCount: a.verifiedCount,
        threshold: a.threshold,
        state: a.state,
        opensOn: a.opensOn,
        universityOf: a.universityOf,
        name: a.name,
        subname: a.subname,
        shortName: a.shortName,
      });
      if (!campus) throw new AppError('internal', 'get_my_campus answered without a campus');
      return campus;
    },
    async ofCampus(collegeId): Promise<CampusProgress | null> {
      if (!isCollegeId(collegeId)) return null;
      let answer: unknown;
      try {
        answer = await ofCampus({ collegeId });
      } catch (error) {
        throw toBackendError(error);
      }
      // `{ campus }`, the callable's names (functions/src/campus-progress.ts): null, or anything
      // malformed, is no progress.
      const campus = (answer as { campus?: unknown } | null)?.campus;
      return parsePublicProgress(collegeId, campus);
    },
  };
}
