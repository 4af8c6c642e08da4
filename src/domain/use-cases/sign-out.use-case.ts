import type { AuthPort } from '@/ports/auth.port';
import { toAppError } from '@/domain/errors';

export const createSignOut =
  ({ auth }: { auth: AuthPort }) =>
  async (): Promise<void> => {
    try {
      await auth.signOut();
    } catch (error) {
      throw toAppError(error, 'unknown');
    }
  };
