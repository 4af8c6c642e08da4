import type { CollegeSearch } from '@/ports/college-search.port';
import type { College } from '@/domain/college';
import { DEFAULT_COLLEGES } from '@/domain/default-colleges';
import { withDeadline } from '@/domain/deadline';
import { type AppError, toAppError } from '@/domain/errors';

export interface CollegeSearchOutcome {
  readonly colleges: readonly College[];
  /** Set when the search failed; `colleges` then holds the three defaults. */
  readonly error?: AppError;
}

/** Longer queries are cut: nobody types a 100-character campus name. */
export const MAX_QUERY_LENGTH = 100;

/**
 * Spec call 3: `searchColleges(text, true)`. A blank query gives the three defaults without calling
 * the port (or an empty list when `withInitialList` is false); any failure gives the defaults and
 * the error, so the UI can tell the student.
 */
export const createSearchColleges =
  ({ collegeSearch, timeoutMs }: { collegeSearch: CollegeSearch; timeoutMs?: number }) =>
  async (query: string, withInitialList = true): Promise<CollegeSearchOutcome> => {
    const trimmed = query.trim().slice(0, MAX_QUERY_LENGTH);
    if (!trimmed) return { colleges: withInitialList ? DEFAULT_COLLEGES : [] };
    try {
      const colleges = await withDeadline(collegeSearch.search(trimmed), timeoutMs);
      return { colleges: Array.isArray(colleges) ? colleges : [] };
    } catch (error) {
      return { colleges: DEFAULT_COLLEGES, error: toAppError(error, 'unknown') };
    }
  };
