import { useEffect } from 'react';
import { MESSAGES } from '@/ui/messages';
import { useAppStore } from '@/ui/store/store-context';
import { notify } from '@/ui/toast';

/** College search debounce and initial load delay (spec section 9). */
export const SEARCH_DELAY_MS = 300;

/**
 * The selector's timing rules (spec section 4): opening with an empty search fetches the initial
 * list after 300 ms; a changed search runs after a 300 ms debounce; with an empty search and the
 * selector closed, the list is cleared. A failed search shows the spec's toast.
 */
export function useCollegeSearch(open: boolean, query: string): void {
  const searchColleges = useAppStore((s) => s.searchColleges);
  const clearColleges = useAppStore((s) => s.clearColleges);

  useEffect(() => {
    const blank = !query.trim();
    if (blank && !open) {
      clearColleges();
      return;
    }
    if (!open) return;
    const search = async () => {
      const outcome = await searchColleges(query, true);
      if (!outcome.ok && !blank)
        notify.error(MESSAGES.searchFailed, MESSAGES.searchFailedDescription);
    };
    const timer = setTimeout(() => void search(), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [open, query, searchColleges, clearColleges]);
}
