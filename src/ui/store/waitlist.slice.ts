import type { StateCreator } from 'zustand/vanilla';
import type { College } from '@/domain/college';
import { joinRequestError } from '@/domain/join-request';
import type { User } from '@/domain/user';
import type { WaitlistStatus } from '@/domain/use-cases/waitlist-status.use-case';
import type { UseCases } from '@/domain/use-cases/use-cases';
import type { CollegeSearchSlice } from './college-search.slice';
import { fail, IGNORED, type Ignored, ok, type Outcome, type SliceDeps } from './outcome';

/** The submit button's states (spec section 4). */
export type SubmitStatus = 'idle' | 'processing' | 'success' | 'already';

/** Step 2 of the waitlist: the e-mail field, the chosen college and the submit button. */
export interface WaitlistSlice {
  /** The e-mail field: the account's, or the stored `waitlistEmail` when confirmed. */
  readonly email: string;
  readonly joined: boolean;
  readonly confirmed: boolean;
  readonly submitStatus: SubmitStatus;
  readonly selectedCollege: College | null;
  /** Follows a sign-in or sign-out: resets step 2 and asks whether the student is on the list. */
  followUser(user: User | null): void;
  /** Applies what this browser keeps, now and whenever another tab changes it. */
  watchLocal(useCases: UseCases): () => void;
  selectCollege(college: College | null): void;
  join(): Promise<Outcome | Ignored>;
}

type Needs = WaitlistSlice & Pick<CollegeSearchSlice, 'clearColleges'> & { user: User | null };

const onList = (status: WaitlistStatus) =>
  ({ ...status, joined: true, submitStatus: 'already' }) as const;

export const createWaitlistSlice =
  ({ services, log }: SliceDeps): StateCreator<Needs, [], [], WaitlistSlice> =>
  (set, get) => {
    let followed = 0;
    return {
      email: '',
      joined: false,
      confirmed: false,
      submitStatus: 'idle',
      selectedCollege: null,
      followUser(user) {
        const seq = ++followed;
        set({ email: user?.email ?? '', joined: false, confirmed: false, submitStatus: 'idle' });
        if (!user) return get().clearColleges(false);
        services()
          .then((useCases) => useCases.checkWaitlistStatus(user))
          .then(
            (status) => {
              const current = seq === followed && get().submitStatus === 'idle';
              if (current && status.joined) set(onList(status));
            },
            (error: unknown) => log('Error checking the waitlist entry', error),
          );
      },
      watchLocal(useCases) {
        set({ selectedCollege: useCases.savedCollege() });
        return useCases.watchLocalRecord(() => {
          if (get().submitStatus !== 'idle') return;
          set({ selectedCollege: useCases.savedCollege() });
          const user = get().user;
          const status = user && useCases.localWaitlistStatus(user);
          if (status?.joined) set(onList(status));
        });
      },
      selectCollege(college) {
        if (get().submitStatus !== 'idle') return;
        set({ selectedCollege: college });
        services().then(
          ({ chooseCollege }) => chooseCollege(college),
          () => {},
        );
      },
      async join() {
        const { user, selectedCollege: college, submitStatus } = get();
        if (!user || submitStatus !== 'idle') return IGNORED;
        const invalid = joinRequestError({ user, college });
        if (invalid) return fail(invalid);
        set({ submitStatus: 'processing' });
        try {
          const joined = await (await services()).joinWaitlist({ user, college });
          // The first entry stands: the page shows the college that is stored.
          set({ selectedCollege: joined.college, submitStatus: 'success', joined: true });
          set({ confirmed: true });
          return ok(undefined);
        } catch (error) {
          log('Error joining the waitlist', error);
          set({ submitStatus: 'idle' });
          return fail(error);
        }
      },
    };
  };
