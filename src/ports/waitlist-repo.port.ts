import type { WaitlistEntry } from '@/domain/waitlist-entry';

/**
 * The waitlist: one entry per student, keyed by uid. Every operation acts on the signed-in
 * student's own entry; another student's uid is refused with `permission-denied`.
 */
export interface WaitlistRepo {
  /**
   * The student's entry as stored, or null when none: the check after sign-in (spec call 6) and
   * what the card shows them we keep, in one read.
   */
  get(uid: string): Promise<WaitlistEntry | null>;
  /**
   * Writes the entry under the uid unless one is there: the first entry stands, and a second join
   * (another tab, another device, a retry after a lost answer) writes nothing and is no error.
   * Resolves with the entry as stored.
   */
  join(uid: string, entry: WaitlistEntry): Promise<WaitlistEntry>;
  /**
   * Changes the campus of the student's entry and nothing else (the e-mail and the date of joining
   * stay). Resolves with the entry as stored; rejects with `not-found` when there is no entry.
   */
  changeCollege(uid: string, collegeId: string): Promise<WaitlistEntry>;
  /** Deletes the student's entry. Deleting an entry that is not there is no error (a retry). */
  leave(uid: string): Promise<void>;
}
