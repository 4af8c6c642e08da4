import type { LocalValues } from '@/domain/local-record';

/**
 * What this browser keeps of the student's waitlist (spec section 3's locally persisted values),
 * shared by the tabs of one browser.
 */
export interface LocalRecord {
  /** The values as stored; anything corrupted, foreign or unreadable reads as its default. */
  read(): LocalValues;
  /** Stores the given values (null removes one); a full or disabled storage is ignored. */
  save(values: Partial<LocalValues>): void;
  /** Removes every value (sign-out, leaving the list): the browser keeps nothing of the student. */
  clear(): void;
  /** Calls back when another tab changed a value; returns the unsubscribe function. */
  onExternalChange(listener: () => void): () => void;
}
