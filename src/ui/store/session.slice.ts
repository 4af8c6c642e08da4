import type { StateCreator } from 'zustand/vanilla';
import type { User } from '@/domain/user';
import type { WaitlistSlice } from './waitlist.slice';
import { fail, IGNORED, type Ignored, ok, type Outcome, type SliceDeps } from './outcome';

/** Who is signed in, and whether the backend could start (spec section 4, steps 1 and 2). */
export interface SessionSlice {
  /** `missing` names unset configuration variables; none: the backend's code was lost. */
  readonly backendError: { readonly missing: readonly string[] } | null;
  /** False until the auth subscription has reported once. */
  readonly authReady: boolean;
  readonly user: User | null;
  readonly signingIn: boolean;
  /** Loads the backend and subscribes to auth; returns the unsubscribe function. */
  start(): () => void;
  /** After a backend that could not load: loads it again and subscribes to auth. */
  retryStart(): void;
  /** Loads what the sign-in popup needs before the click (the sign-in step is near). */
  prepareSignIn(): void;
  signIn(): Promise<Outcome<User> | Ignored>;
  signOut(): Promise<Outcome>;
}

type Needs = SessionSlice & Pick<WaitlistSlice, 'followUser' | 'watchLocal'>;

export const createSessionSlice =
  ({ services, log }: SliceDeps): StateCreator<Needs, [], [], SessionSlice> =>
  (set, get) => {
    let stop: (() => void) | null = null;
    let started = false;

    const onUser = (user: User | null): void => {
      if (user && get().user?.uid === user.uid) return set({ authReady: true });
      set({ authReady: true, user });
      get().followUser(user);
    };

    const connect = (): void => {
      services().then(
        (useCases) => {
          if (!started || stop) return;
          const stopAuth = useCases.watchAuth(onUser);
          const stopLocal = get().watchLocal(useCases);
          stop = () => (stopAuth(), stopLocal());
        },
        (error: unknown) => {
          log('The backend could not start', error);
          const missing = (error as { missing?: unknown } | null)?.missing;
          const names = Array.isArray(missing) ? missing.filter((m) => typeof m === 'string') : [];
          set({ backendError: { missing: names } });
        },
      );
    };

    return {
      backendError: null,
      authReady: false,
      user: null,
      signingIn: false,
      start() {
        started = true;
        connect();
        return () => ((started = false), stop?.(), (stop = null));
      },
      retryStart() {
        set({ backendError: null });
        connect();
      },
      prepareSignIn() {
        // Never rejects: start() reports a backend that cannot load.
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
          onUser(user);
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
          onUser(null);
          return ok(undefined);
        } catch (error) {
          log('Error signing out', error);
          return fail(error);
        }
      },
    };
  };
