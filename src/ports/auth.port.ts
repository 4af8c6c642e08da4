import type { User } from '@/domain/user';

/** Signs students in through a provider's popup and tells who is signed in. */
export interface AuthPort {
  /** Opens the provider's popup; rejects with code `auth/popup-closed-by-user` when it is closed. */
  signInWithPopup(): Promise<User>;
  signOut(): Promise<void>;
  /** Calls back with the current user at once (or as soon as known) and on every change. */
  onAuthStateChanged(listener: (user: User | null) => void): () => void;
}
