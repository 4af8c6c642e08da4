import type { MyCampus } from '@/domain/campus-progress';

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
}
