import type { StateCreator } from 'zustand/vanilla';
import type { College } from '@/domain/college';
import type { User } from '@/domain/user';
import type { HeroSlice } from './hero.slice';
import type { MyEntrySlice } from './my-entry.slice';
import { fail, IGNORED, type Ignored, ok, type Outcome, type SliceDeps } from './outcome';
import type { WaitlistSlice } from './waitlist.slice';

/** What a student who joined can do with their entry: consent, change of campus, leaving. */
export interface EntryActionsSlice {
  /** The action under way (the entry's controls are disabled meanwhile). */
  readonly entryAction: 'consent' | 'college' | 'leave' | null;
  setHeroConsent: (granted: boolean) => Promise<Outcome<void> | Ignored>;
  changeCollege: () => Promise<Outcome<College> | Ignored>;
  leaveWaitlist: () => Promise<Outcome<void> | Ignored>;
}

type Needs = EntryActionsSlice &
  MyEntrySlice &
  Pick<WaitlistSlice, 'joined' | 'confirmed' | 'submitStatus'> &
  Pick<HeroSlice, 'loadHeroImages'> & { user: User | null; selectedCollege: College | null };

export const createEntryActionsSlice =
  ({ services, log }: SliceDeps): StateCreator<Needs, [], [], EntryActionsSlice> =>
  (set, get) => {
    /** Runs one action on the signed-in student's entry; another one meanwhile is ignored. */
    const act = async <T>(
      action: NonNullable<EntryActionsSlice['entryAction']>,
      what: string,
      run: (user: User) => Promise<T>,
    ): Promise<Outcome<T> | Ignored> => {
      const { user, entryAction } = get();
      if (!user || entryAction) return IGNORED;
      set({ entryAction: action });
      try {
        return ok(await run(user));
      } catch (error) {
        log(`Error ${what}`, error);
        return fail(error);
      } finally {
        set({ entryAction: null });
      }
    };
    return {
      entryAction: null,
      setHeroConsent: (granted) =>
        act('consent', 'saving the hero consent', async (user) => {
          await (await services()).setHeroConsent(user, granted);
          const entry = get().myEntry;
          if (entry) set({ myEntry: { ...entry, heroConsent: granted } });
          void get().loadHeroImages();
        }),
      changeCollege: () =>
        act('college', 'changing the campus', async (user) => {
          const { myEntry, selectedCollege: college } = get();
          const changed = await (await services()).changeCollege({ user, college });
          set({ selectedCollege: changed.college, editingCollege: false });
          set({ myEntry: { heroConsent: myEntry?.heroConsent ?? false, ...changed } });
          return changed.college;
        }),
      leaveWaitlist: () =>
        act('leave', 'leaving the waitlist', async (user) => {
          const hadConsent = get().myEntry?.heroConsent !== false;
          await (await services()).leaveWaitlist(user);
          set({ myEntry: null, myEntryStatus: 'idle', editingCollege: false });
          set({ joined: false, confirmed: false, submitStatus: 'idle', selectedCollege: null });
          set({ wantsHeroConsent: false });
          if (hadConsent) void get().loadHeroImages();
        }),
    };
  };
