import type { StateCreator } from 'zustand/vanilla';
import type { College } from '@/domain/college';
import { cardUser } from '@/ui/card/card-transition';
import { AppError, isAppError } from '@/domain/errors';
import { fail, ok, type Outcome, type SliceDeps } from './outcome';

/** The university selector's list (spec section 4, university selector). */
export interface CollegeSearchSlice {
  readonly colleges: readonly College[];
  readonly collegesLoading: boolean;
  /** Spec call 3; `withInitialList` gives the defaults for a blank query. */
  searchColleges: (query: string, withInitialList?: boolean) => Promise<Outcome>;
  /** Empties the list; `cancelPending` (default) also drops the answer of a search under way. */
  clearColleges: (cancelPending?: boolean) => void;
  /**
   * 'Mi campus no aparece': sends the signed-in student's request for a missing campus; answers
   * it as a college they may join at once, pending (issue 49).
   */
  requestCampus: (request: { name: string; city: string }) => Promise<Outcome<College>>;
}

export const createCollegeSearchSlice =
  ({ services, log, card }: SliceDeps): StateCreator<CollegeSearchSlice> =>
  (set) => {
    // Only the latest search may set the list: answers can arrive out of order.
    let latest = 0;
    return {
      colleges: [],
      collegesLoading: false,
      async searchColleges(query, withInitialList = true) {
        const seq = ++latest;
        set({ collegesLoading: true });
        try {
          const outcome = await (await services()).searchColleges(query, withInitialList);
          if (seq !== latest) return ok(undefined);
          set({ colleges: outcome.colleges, collegesLoading: false });
          if (!outcome.error) return ok(undefined);
          log('Error searching colleges', outcome.error);
          return fail(outcome.error);
        } catch (error) {
          log('Error searching colleges', error);
          if (seq === latest) set({ collegesLoading: false });
          return fail(error);
        }
      },
      clearColleges(cancelPending = true) {
        if (cancelPending) latest++;
        set({ colleges: [], collegesLoading: false });
      },
      async requestCampus(request) {
        const user = cardUser(card());
        if (!user) return fail(new AppError('unauthenticated', 'Sign in to request a campus'));
        try {
          return ok(await (await services()).requestCampus(user, request));
        } catch (error) {
          if (!isAppError(error) || error.code !== 'validation/campus-request') {
            log('Error requesting a campus', error);
          }
          return fail(error);
        }
      },
    };
  };
