import type { CampusProgress, MyCampus } from '@/domain/campus-progress';

/**
 * How close the student's campus is to opening (issue 28), as the backend's trusted code counts
 * it: the verified students who joined that campus (floored, PROGRESS_FLOOR), the operators'
 * threshold, state and date, and whether this student's e-mail verifies them. The page never
 * counts or decides verification itself.
 */
export interface CampusProgressRepo {
  /**
   * The signed-in student's campus (the one their entry names). Rejects with `not-found` when
   * they have no entry, and with `permission-denied` for another student's uid.
   */
  mine(uid: string): Promise<MyCampus>;
  /**
   * A campus's public progress (issue 60, the campus page): the same floored figures an invite's
   * preview shows, for anyone (no sign-in). Null for an id that names no campus of the catalogue
   * (one of the build's or one an operator added), for a pending campus (its name is a student's
   * text: nothing of it is answered publicly) and for anything that is not a college id.
   */
  ofCampus(collegeId: string): Promise<CampusProgress | null>;
}
