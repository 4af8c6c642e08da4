import type { CampusProgressRepo } from '@/ports/campus-progress.port';
import type { CampusProgress } from '@/domain/campus-progress';
import { isCollegeId } from '@/domain/college';
import { backendCall } from '@/domain/deadline';

/**
 * A campus page's progress toward opening (issue 60), for anyone, loaded after the page: the
 * backend's floored counts of that campus (no figure under PROGRESS_FLOOR), as an invite's
 * preview shows them. Null for an id that is no campus of the catalogue (unknown, pending), and
 * at once, with no call, for one that is not a college id. A failure (or no answer within the
 * time limit, `deadline-exceeded`) rejects with the AppError: the caller logs it and shows the
 * page without the progress, a waitlist that works as ever.
 */
export const createLoadCampusProgress =
  ({ campusProgress, timeoutMs }: { campusProgress: CampusProgressRepo; timeoutMs?: number }) =>
  async (collegeId: string): Promise<CampusProgress | null> =>
    isCollegeId(collegeId) ? backendCall(campusProgress.ofCampus(collegeId), timeoutMs) : null;
