import type { AuthPort } from '@/ports/auth.port';
import type { User } from '@/domain/user';

/** Subscribes to the signed-in user; returns the unsubscribe function. */
export const createWatchAuth =
  ({ auth }: { auth: AuthPort }) =>
  (listener: (user: User | null) => void): (() => void) =>
    auth.onAuthStateChanged(listener);
