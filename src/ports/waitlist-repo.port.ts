import type { WaitlistEntry } from '@/domain/waitlist-entry';

/** The waitlist: one entry per student, keyed by uid. */
export interface WaitlistRepo {
  /** Whether an entry exists for the uid (its contents are never read back). */
  exists(uid: string): Promise<boolean>;
  /**
   * Writes the entry under the uid unless one is there: the first entry stands, and a second join
   * (another tab, another device, a retry after a lost answer) writes nothing and is no error.
   * Resolves with the entry as stored.
   */
  join(uid: string, entry: WaitlistEntry): Promise<WaitlistEntry>;
}
