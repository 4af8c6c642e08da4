import type { WaitlistEntry } from '@/domain/waitlist-entry';

/** The waitlist: one entry per student, keyed by uid. */
export interface WaitlistRepo {
  /** Whether an entry exists for the uid (its contents are never read back). */
  exists(uid: string): Promise<boolean>;
  /** Writes (sets) the entry under the uid; writing again leaves one entry. */
  join(uid: string, entry: WaitlistEntry): Promise<void>;
}
