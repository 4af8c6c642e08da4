import type { AuthPort } from '@/ports/auth.port';
import { withDeadline } from '@/domain/deadline';
import { toAppError } from '@/domain/errors';

export const createSignOut =
  ({ auth, timeoutMs }: { auth: AuthPort; timeoutMs?: number }) =>
  async (): Promise<void> => {
    try {
      await withDeadline(auth.signOut(), timeoutMs);
    } catch (error) {
      throw toAppError(error, 'unknown');
    }
  };
