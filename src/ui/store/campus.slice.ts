import type { StateCreator } from 'zustand/vanilla';
import { collegeLabel } from '@/domain/college';
import type { CampusCard } from '@/domain/use-cases/my-campus.use-case';
import type { Card } from '@/ui/card/card-state';
import { myEntry } from '@/ui/card/card-view';
import type { SliceDeps } from './outcome';

/** The student's campus and invites (issue 28), for the entry the card shows: `key` names which. */
export type CampusView =
  | { readonly status: 'idle' }
  | { readonly status: 'loading'; readonly key: string }
  | { readonly status: 'loaded'; readonly key: string; readonly data: CampusCard }
  | { readonly status: 'failed'; readonly key: string };

export interface CampusSlice {
  readonly campus: CampusView;
  /**
   * Reads the campus and invites of the card's loaded entry (again, after a change of campus or a
   * failure), recording first an invite this visit arrived with.
   */
  loadMyCampus: () => Promise<void>;
}

/** Which student and campus the card's loaded entry is about; null before an entry is loaded. */
export const campusKey = (card: Card): string | null => {
  const entry = myEntry(card);
  return card.step === 'joined' && entry ? `${card.user.uid}:${entry.entry.collegeId}` : null;
};

/**
 * The label of the card's campus as the backend names it (issue 49: a campus added after this
 * build, a pending one), once its campus is read; else the label of the entry's college.
 */
export function campusLabel(card: Card, campus: CampusView): string | null {
  const entry = myEntry(card);
  if (!entry) return null;
  const names =
    campus.status === 'loaded' && campus.key === campusKey(card) ? campus.data.campus.names : null;
  return names ? names.shortName : collegeLabel(entry.college);
}

export const createCampusSlice =
  ({ services, log, card }: SliceDeps): StateCreator<CampusSlice> =>
  (set) => ({
    campus: { status: 'idle' },
    async loadMyCampus() {
      const now = card();
      const key = campusKey(now);
      if (!key || now.step !== 'joined') return;
      set({ campus: { status: 'loading', key } });
      // An answer about a student or campus the card no longer shows changes nothing.
      const current = () => campusKey(card()) === key;
      try {
        const data = await (await services()).loadMyCampus(now.user);
        if (!current()) return;
        set({ campus: data ? { status: 'loaded', key, data } : { status: 'failed', key } });
      } catch (error) {
        log('Error loading the campus progress', error);
        if (current()) set({ campus: { status: 'failed', key } });
      }
    },
  });
