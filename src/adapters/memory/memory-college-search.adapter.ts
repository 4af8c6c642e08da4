import type { CollegeSearch } from '@/ports/college-search.port';
import { type College, collegeFromRecord } from '@/domain/college';
import { matchesAllTerms, normalizeForSearch, searchTerms } from '@/shared/text-search';
import { COLLEGE_CATALOGUE } from '@/data/college-catalogue';
import type { IndexedCampus } from '@/data/catalogue-entry';
import type { MemoryContext } from './memory-store';

/** As many hits as the production search asks for (spec section 9). */
export const HITS_PER_PAGE = 3;

const haystack = (c: IndexedCampus): string =>
  [c.name, c.subname, c.shortName, ...c.keywords].join(' ');

/** Higher is better: a query that starts the short name or subname ranks first. */
function rank(c: IndexedCampus, query: string): number {
  const short = normalizeForSearch(c.shortName);
  const sub = normalizeForSearch(c.subname);
  if (short.startsWith(query) || sub.startsWith(query)) return 2;
  if (c.keywords.some((k) => normalizeForSearch(k).startsWith(query))) return 1;
  return 0;
}

/** Searches the seed catalogue without regard to accents or case, and by acronyms. */
export function searchCatalogue(
  query: string,
  catalogue: readonly IndexedCampus[] = COLLEGE_CATALOGUE,
  limit = HITS_PER_PAGE,
): College[] {
  const terms = searchTerms(query);
  if (!terms.length) return [];
  const normalQuery = terms.join(' ');
  return catalogue
    .map((entry, index) => ({ entry, index }))
    .filter(({ entry }) => matchesAllTerms(terms, haystack(entry)))
    .sort((a, b) => rank(b.entry, normalQuery) - rank(a.entry, normalQuery) || a.index - b.index)
    .slice(0, limit)
    .map(({ entry }) => collegeFromRecord(entry))
    .filter((c): c is College => c !== null);
}

/**
 * The search over the built catalogue and the campuses an operator added (issue 49), as the
 * real backends' indexes hold both.
 */
export function createMemoryCollegeSearch({ controls, store }: MemoryContext): CollegeSearch {
  return {
    async search(query) {
      await controls.enter('searchColleges');
      const added = Object.entries(store.read().addedCampuses).map(([id, c]): IndexedCampus => ({
        id,
        ...c,
        keywords: [],
      }));
      return searchCatalogue(query, added.length ? [...COLLEGE_CATALOGUE, ...added] : undefined);
    },
  };
}
