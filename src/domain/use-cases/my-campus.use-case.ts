import type { CampusProgressRepo } from '@/ports/campus-progress.port';
import type { MyCampus } from '@/domain/campus-progress';
import { backendCall } from '@/domain/deadline';
import { isAppError } from '@/domain/errors';
import type { User } from '@/domain/user';

/**
 * The student's campus as the backend counts it (issue 28): its progress toward opening and
 * whether their e-mail verifies them; null when they have no entry (left from elsewhere).
 */
export const createLoadMyCampus =
  ({ campusProgress, timeoutMs }: { campusProgress: CampusProgressRepo; timeoutMs?: number }) =>
  async (user: User): Promise<MyCampus | null> => {
    try {
      return await backendCall(campusProgress.mine(user.uid), timeoutMs);
    } catch (error) {
      if (isAppError(error) && error.code === 'not-found') return null;
      throw error;
    }
  };
