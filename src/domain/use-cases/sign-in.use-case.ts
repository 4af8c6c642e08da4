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
