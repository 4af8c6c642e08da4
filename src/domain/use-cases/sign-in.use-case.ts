import type { AuthPort } from '@/ports/auth.port';
import { toSignInError } from '@/domain/errors';
import type { User } from '@/domain/user';

/** Signs in through the provider popup; failures are `auth/popup-closed-by-user` or `auth/sign-in-failed`. */
export const createSignIn =
  ({ auth }: { auth: AuthPort }) =>
  async (): Promise<User> => {
    try {
      return await auth.signInWithPopup();
    } catch (error) {
      throw toSignInError(error);
    }
  };

/**
 * Gets the provider's sign-in ready before the student clicks (see AuthPort.prepareSignIn).
 * Never rejects: preparing is an optimisation, and the sign-in reports its own failures.
 */
export const createPrepareSignIn =
  ({ auth }: { auth: AuthPort }) =>
  async (): Promise<void> => {
    try {
      await auth.prepareSignIn();
    } catch {
      // The sign-in itself will load what it needs, or report why it cannot.
    }
  };
