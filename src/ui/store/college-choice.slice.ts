import type { StateCreator } from 'zustand/vanilla';
import type { College } from '@/domain/college';
import type { User } from '@/domain/user';
import type { UseCases } from '@/domain/use-cases/use-cases';
import type { MyEntrySlice } from './my-entry.slice';
import type { SliceDeps } from './outcome';
import { onList, type WaitlistSlice } from './waitlist.slice';

/** The chosen university, kept in this browser and shared with its other tabs. */
export interface CollegeChoiceSlice {
  readonly selectedCollege: College | null;
  selectCollege: (college: College | null) => void;
  /** Applies what this browser keeps, now and whenever another tab changes it. */
  watchLocal: (useCases: UseCases) => () => void;
}

type Needs = CollegeChoiceSlice &
  Pick<WaitlistSlice, 'submitStatus'> &
  Pick<MyEntrySlice, 'editingCollege'> & { user: User | null };

export const createCollegeChoiceSlice =
  ({ services }: SliceDeps): StateCreator<Needs, [], [], CollegeChoiceSlice> =>
  (set, get) => ({
    selectedCollege: null,
    selectCollege(college) {
      // Once joined, the campus changes only through 'Cambiar campus' (saved by the backend).
      if (get().editingCollege) return set({ selectedCollege: college });
      if (get().submitStatus !== 'idle') return; // disabled once joined
      set({ selectedCollege: college });
      services().then(
        ({ chooseCollege }) => chooseCollege(college),
        () => {},
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
  });
