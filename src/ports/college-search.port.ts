import type { College } from '@/domain/college';

/** Full-text search over the colleges catalogue. */
export interface CollegeSearch {
  /** At most a handful of colleges matching a non-blank query; rejects on failure. */
  search(query: string): Promise<College[]>;
}
