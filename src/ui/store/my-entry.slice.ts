import type { StateCreator } from 'zustand/vanilla';
import type { College } from '@/domain/college';
import type { User } from '@/domain/user';
import type { MyEntry } from '@/domain/use-cases/my-entry.use-case';
import type { SliceDeps } from './outcome';

/** The student's own entry, once joined: what we keep of them, as the card shows it. */
export interface MyEntrySlice {
  readonly myEntry: MyEntry | null;
  readonly myEntryStatus: 'idle' | 'loading' | 'loaded' | 'failed';
  /** Step 2's option to show their photo in the hero strip: off until the student turns it on. */
  readonly wantsHeroConsent: boolean;
  /** The campus selector is open for a change of campus. */
  readonly editingCollege: boolean;
  setWantsHeroConsent: (wanted: boolean) => void;
  /** Shows the entry (null: not on the list), closing any change of campus. */
  showMyEntry: (entry: MyEntry | null) => void;
  /** Opens or closes the change of campus (closing puts back the entry's campus). */
  editCollege: (editing: boolean) => void;
  /** Reads the entry and the consent from the backend (a student found on the list). */
  loadMyEntry: () => Promise<void>;
}

type Needs = MyEntrySlice & { user: User | null; selectedCollege: College | null };

export const createMyEntrySlice =
  ({ services, log }: SliceDeps): StateCreator<Needs, [], [], MyEntrySlice> =>
  (set, get) => ({
    myEntry: null,
    myEntryStatus: 'idle',
    wantsHeroConsent: false,
    editingCollege: false,
    setWantsHeroConsent: (wanted) => set({ wantsHeroConsent: wanted }),
    showMyEntry: (entry) =>
      set({ myEntry: entry, myEntryStatus: entry ? 'loaded' : 'idle', editingCollege: false }),
    editCollege(editing) {
      const entry = get().myEntry;
      set({ editingCollege: editing, ...(entry ? { selectedCollege: entry.college } : {}) });
    },
    async loadMyEntry() {
      const user = get().user;
      if (!user) return;
      set({ myEntryStatus: 'loading' });
      try {
        const entry = await (await services()).loadMyEntry(user);
        if (get().user?.uid !== user.uid) return;
        // On the list a moment ago, and no entry now: it was removed from elsewhere.
        set({ myEntry: entry, myEntryStatus: entry ? 'loaded' : 'failed' });
      } catch (error) {
        log('Error loading the waitlist entry', error);
        if (get().user?.uid === user.uid) set({ myEntryStatus: 'failed' });
      }
    },
  });
