import type { StateCreator } from 'zustand/vanilla';
import type { User } from '@/domain/user';
import { signingIn } from '@/ui/card/card-view';
import { fail, IGNORED, type Ignored, ok, type Outcome, type SliceDeps } from './outcome';

/** Signing in and out (spec section 4: step 1 signed out, step 2 signed in). */
export interface SessionSlice {
  /** Loads what the sign-in popup needs before the click (the sign-in step is near). */
  prepareSignIn: () => void;
  signIn: () => Promise<Outcome<User> | Ignored>;
  signOut: () => Promise<Outcome>;
}

export const createSessionSlice =
  (deps: SliceDeps): StateCreator<SessionSlice> =>
  () => {
    const { services, startedServices, log, card, send } = deps;
    return {
      prepareSignIn() {
        // The page's own warm-up (the button came near): the start-up's load, which it reports
        // when it fails; never rejects.
        startedServices().then(
          ({ prepareSignIn }) => prepareSignIn(),
          () => {},
        );
      },
      async signIn() {
        if (signingIn(card())) return IGNORED;
        send({ type: 'signingIn', busy: true });
        try {
          const user = await (await services()).signIn();
          send({ type: 'user', user });
          return ok(user);
        } catch (error) {
          return fail(error, 'auth/sign-in-failed');
        } finally {
          send({ type: 'signingIn', busy: false });
        }
      },
      async signOut() {
        try {
          await (await services()).signOut();
          send({ type: 'user', user: null });
          return ok(undefined);
        } catch (error) {
          log('Error signing out', error);
          return fail(error);
        }
      },
    };
  };
