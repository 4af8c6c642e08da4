import type { StateCreator } from 'zustand/vanilla';
import { cardUser } from '@/ui/card/card-transition';
import type { SliceDeps } from './outcome';

/** The student's own entry, once joined: what we keep of them, as the card shows it. */
export interface MyEntrySlice {
  /** Opens or closes the change of campus (either puts the entry's campus in the selector). */
  editCollege: (editing: boolean) => void;
  /** Reads the entry and the consent again (after a read that failed). */
  loadMyEntry: () => Promise<void>;
}

export const createMyEntrySlice =
  (deps: SliceDeps): StateCreator<MyEntrySlice> =>
  () => ({
    editCollege: (editing) => void deps.send({ type: 'editing', editing }),
    async loadMyEntry() {
      const user = cardUser(deps.card());
      if (!user) return;
      deps.send({ type: 'entryLoading', uid: user.uid });
      await deps.settled();
    },
  });
