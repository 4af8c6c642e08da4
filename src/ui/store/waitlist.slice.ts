import type { StateCreator } from 'zustand/vanilla';
import type { College } from '@/domain/college';
import { joinRequestError } from '@/domain/join-request';
import type { User } from '@/domain/user';
import type { WaitlistStatus } from '@/domain/use-cases/waitlist-status.use-case';
import type { CollegeSearchSlice } from './college-search.slice';
import type { HeroSlice } from './hero.slice';
import type { MyEntrySlice } from './my-entry.slice';
import { fail, IGNORED, type Ignored, ok, type Outcome, type SliceDeps } from './outcome';

/** The submit button's states (spec section 4). */
export type SubmitStatus = 'idle' | 'processing' | 'success' | 'already';

/** Step 2 of the waitlist: the e-mail field, the joined and confirmed states, the submit. */
export interface WaitlistSlice {
  /** The e-mail field: the account's, or the stored `waitlistEmail` when confirmed. */
  readonly email: string;
  readonly joined: boolean;
  readonly confirmed: boolean;
  readonly submitStatus: SubmitStatus;
  /** Follows a sign-in or sign-out: resets step 2 and asks whether the student is on the list. */
  followUser: (user: User | null) => void;
  /** Joins; `heroConsentFailed`: on the list, but the consent asked for was not recorded. */
  join: () => Promise<Outcome<{ heroConsentFailed: boolean }> | Ignored>;
}

/** The state of a student found on the list ('Ya estás en la lista de espera'). */
export const onList = (status: WaitlistStatus) =>
  ({ ...status, joined: true, submitStatus: 'already' }) as const;

// What this slice uses of the others, typed here to keep the slices free of import cycles.
type Needs = WaitlistSlice &
  Pick<CollegeSearchSlice, 'clearColleges'> &
  Pick<MyEntrySlice, 'showMyEntry' | 'loadMyEntry' | 'wantsHeroConsent'> &
  Pick<HeroSlice, 'loadHeroImages'> & { user: User | null; selectedCollege: College | null };

export const createWaitlistSlice =
  ({ services, log }: SliceDeps): StateCreator<Needs, [], [], WaitlistSlice> =>
  (set, get) => {
    let followed = 0; // only the answer about the latest user counts
    return {
      email: '',
      joined: false,
      confirmed: false,
      submitStatus: 'idle',
      followUser(user) {
        const seq = ++followed;
        set({ email: user?.email ?? '', joined: false, confirmed: false, submitStatus: 'idle' });
        get().showMyEntry(null);
        if (!user) return get().clearColleges(false);
        services()
          .then((useCases) => useCases.checkWaitlistStatus(user))
          .then(
            (status) => {
              if (seq !== followed || get().submitStatus !== 'idle' || !status.joined) return;
              set(onList(status));
              void get().loadMyEntry();
            },
            (error: unknown) => log('Error checking the waitlist entry', error),
          );
      },
      async join() {
        const { user, selectedCollege: college, submitStatus } = get();
        if (!user || submitStatus !== 'idle') return IGNORED;
        const invalid = joinRequestError({ user, college });
        if (invalid) return fail(invalid);
        set({ submitStatus: 'processing' });
        try {
          const heroConsent = get().wantsHeroConsent;
          const joined = await (await services()).joinWaitlist({ user, college, heroConsent });
          // The first entry stands: the page shows the college that is stored.
          set({ selectedCollege: joined.college, submitStatus: 'success' });
          set({ joined: true, confirmed: true });
          get().showMyEntry(joined);
          if (joined.heroConsent) void get().loadHeroImages();
          return ok({ heroConsentFailed: joined.heroConsentError !== undefined });
        } catch (error) {
          log('Error joining the waitlist', error);
          set({ submitStatus: 'idle' });
          return fail(error);
        }
      },
    };
  };
