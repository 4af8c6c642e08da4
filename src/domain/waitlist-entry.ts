/** The document written under `waitlist/{uid}` when a student joins (spec section 3). */
export interface WaitlistEntry {
  readonly email: string;
  readonly collegeId: string;
  readonly timestamp: Date;
}

/** A waitlist entry as stored in text (JSON): the memory backend and the browser's local record. */
export interface StoredWaitlistEntry {
  readonly email: string;
  readonly collegeId: string;
  /** ISO 8601 */
  readonly timestamp: string;
}

export const toStoredEntry = (entry: WaitlistEntry): StoredWaitlistEntry => ({
  email: entry.email,
  collegeId: entry.collegeId,
  timestamp: entry.timestamp.toISOString(),
});

export const fromStoredEntry = (stored: StoredWaitlistEntry): WaitlistEntry => ({
  email: stored.email,
  collegeId: stored.collegeId,
  timestamp: new Date(stored.timestamp),
});
