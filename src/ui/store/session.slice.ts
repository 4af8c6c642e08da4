import type { StateCreator } from 'zustand/vanilla';
import type { User } from '@/domain/user';
import { fail, IGNORED, type Ignored, ok, type Outcome, type SliceDeps } from './outcome';
import type { WaitlistSlice } from './waitlist.slice';

/** Who is signed in (spec section 4: step 1 signed out, step 2 signed in). */
export interface SessionSlice {
  /** False until the auth subscription has reported once. */
  readonly authReady: boolean;
  readonly user: User | null;
  readonly signingIn: boolean;
  /** What the auth subscription reports: the signed-in user, or null. */
  applyUser: (user: User | null) => void;
  /** Loads what the sign-in popup needs before the click (the sign-in step is near). */
  prepareSignIn: () => void;
  signIn: () => Promise<Outcome<User> | Ignored>;
  signOut: () => Promise<Outcome>;
}

type Needs = SessionSlice & Pick<WaitlistSlice, 'followUser'>;

export const createSessionSlice =
  ({ services, log }: SliceDeps): StateCreator<Needs, [], [], SessionSlice> =>
  (set, get) => ({
    authReady: false,
    user: null,
    signingIn: false,
    applyUser(user) {
      if (user && get().user?.uid === user.uid) return set({ authReady: true });
      set({ authReady: true, user });
      get().followUser(user);
    },
    prepareSignIn() {
      // Never rejects: the start-up reports a backend that cannot load.
      services().then(
        ({ prepareSignIn }) => prepareSignIn(),
        () => {},
      );
    },
    async signIn() {
      if (get().signingIn) return IGNORED;
      set({ signingIn: true });
      try {
        const user = await (await services()).signIn();
        get().applyUser(user);
        return ok(user);
      } catch (error) {
        return fail(error, 'auth/sign-in-failed');
      } finally {
        set({ signingIn: false });
      }
    },
    async signOut() {
      try {
        await (await services()).signOut();
        get().applyUser(null);
        return ok(undefined);
      } catch (error) {
        log('Error signing out', error);
        return fail(error);
      }
    },
  });
