import type { User } from '@/domain/user';

/** Signs students in through a provider's popup and tells who is signed in. */
export interface AuthPort {
  /** Opens the provider's popup; rejects with code `auth/popup-closed-by-user` when it is closed. */
  signInWithPopup(): Promise<User>;
  /**
   * Loads ahead of the click what the provider's popup needs, so that it opens at once (mobile
   * browsers block a popup opened long after the tap). Idempotent. A failure never reaches the
   * student: the use case ignores it, and the sign-in reports its own.
   */
  prepareSignIn(): Promise<void>;
  signOut(): Promise<void>;
  /**
   * Deletes the signed-in student's account and everything the backend holds under it (entry,
   * consent, photo approval), then ends the session (listeners hear `null`). An account already
   * gone is no error: a retry finishes the job.
   */
  deleteAccount(): Promise<void>;
  /** Calls back with the current user at once (or as soon as known) and on every change. */
  onAuthStateChanged(listener: (user: User | null) => void): () => void;
}
