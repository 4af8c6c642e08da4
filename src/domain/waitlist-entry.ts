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

/**
 * An entry's campus changes at most once a minute (issue 59): a change within this time of the
 * last one is refused with `resource-exhausted` on every backend (Firestore's rules, a trigger on
 * Postgres, the memory backend), so a loop of changes costs nothing and moves no count back and
 * forth. The first change after joining is free.
 */
export const COLLEGE_CHANGE_INTERVAL_MS = 60_000;

/** Whether a change of campus at `now` is allowed after the last one (null: none yet). */
export const mayChangeCollege = (lastChange: Date | null, now: Date): boolean =>
  lastChange === null || now.getTime() - lastChange.getTime() >= COLLEGE_CHANGE_INTERVAL_MS;
