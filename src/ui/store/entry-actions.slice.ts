import type { StateCreator } from 'zustand/vanilla';
import type { College } from '@/domain/college';
import type { User } from '@/domain/user';
import type { CardEvent, EntryAction } from '@/ui/card/card-state';
import { entryAction, myEntry } from '@/ui/card/card-view';
import { cardUser } from '@/ui/card/card-transition';
import { fail, IGNORED, type Ignored, ok, type Outcome, type SliceDeps } from './outcome';

/** What a student who joined can do with their entry: consent, change of campus, leaving. */
export interface EntryActionsSlice {
  setHeroConsent: (granted: boolean) => Promise<Outcome<void> | Ignored>;
  changeCollege: () => Promise<Outcome<College> | Ignored>;
  leaveWaitlist: () => Promise<Outcome<void> | Ignored>;
}

export const createEntryActionsSlice =
  ({ services, log, card, send }: SliceDeps): StateCreator<EntryActionsSlice> =>
  () => {
    /** Runs one action on the loaded entry; another one meanwhile is ignored. */
    const act = async <T>(
      action: EntryAction,
      what: string,
      run: (user: User) => Promise<T>,
      done: (uid: string, value: T) => CardEvent,
    ): Promise<Outcome<T> | Ignored> => {
      const before = card();
      const user = cardUser(before);
      if (!user || !myEntry(before) || entryAction(before)) return IGNORED;
      send({ type: 'actionStarted', uid: user.uid, action });
      try {
        const value = await run(user);
        send(done(user.uid, value));
        return ok(value);
      } catch (error) {
        log(`Error ${what}`, error);
        send({ type: 'actionFailed', uid: user.uid });
        return fail(error);
      }
    };
    return {
      setHeroConsent: (granted) =>
        act(
          'consent',
          'saving the hero consent',
          async (user) => (await services()).setHeroConsent(user, granted),
          (uid) => ({ type: 'consentSaved', uid, granted }),
        ),
      changeCollege: async () => {
        const outcome = await act(
          'college',
          'changing the campus',
          async (user) => (await services()).changeCollege({ user, college: card().college }),
          (uid, { entry, college }) => ({ type: 'collegeChanged', uid, entry, college }),
        );
        return outcome.ok ? ok(outcome.value.college) : outcome;
      },
      leaveWaitlist: () =>
        act(
          'leave',
          'leaving the waitlist',
          async (user) => (await services()).leaveWaitlist(user),
          (uid) => ({ type: 'left', uid }),
        ),
    };
  };
