// Generated from src/domain/retention.ts by `npm run functions:copies -- --write`. Do not edit:
// tests/tooling/data/functions-copies.test.ts fails when the two disagree.
/**
 * Retention by itself (issue 51, item 9): what the privacy notice promises, as one rule every
 * backend's scheduled job applies (the Cloud Functions run a generated copy; the database repeats
 * it in SQL, `private.apply_retention`; tests hold them to the same answers):
 * - an account that signed in and never joined, neither created nor signed in to for
 *   IDLE_ACCOUNT_DAYS, is deleted, unless it holds the operator role (issue 61: the operators
 *   sign in to the console, never join, and keep their account while they hold the role);
 * - every student of a campus whose launch e-mails were recorded AFTER_LAUNCH_DAYS ago or more
 *   (its first launch run that recorded any) is deleted, with everything kept of them, if they
 *   were on its list then (joined before that run): one who joined later was never told.
 * Applying the plan twice deletes nothing the second time: what it names is gone.
 * This module imports nothing: the Cloud Functions copy it as it is.
 */

export const IDLE_ACCOUNT_DAYS = 30;
export const AFTER_LAUNCH_DAYS = 90;
const DAY_MS = 24 * 60 * 60_000;

export interface RetentionInput {
  /** ms since 1970. */
  readonly now: number;
  /**
   * Every account: its last sign-in or creation, whichever is later (ms), whether it joined, and
   * whether it holds the operator role (absent: it does not).
   */
  readonly accounts: readonly {
    readonly uid: string;
    readonly lastSeen: number;
    readonly onList: boolean;
    readonly operator?: boolean;
  }[];
  /** Every entry: its student, campus and date of joining (ms). */
  readonly entries: readonly {
    readonly uid: string;
    readonly collegeId: string;
    readonly joinedAt: number;
  }[];
  /** The launch runs: their campus, when they ran (ms), and how many messages they recorded. */
  readonly launches: readonly {
    readonly collegeId: string;
    readonly at: number;
    readonly queued: number;
  }[];
}

export interface RetentionPlan {
  /** Accounts without an entry or the operator role, idle for IDLE_ACCOUNT_DAYS. */
  readonly idle: string[];
  /** Campuses launched AFTER_LAUNCH_DAYS ago or more. */
  readonly campuses: string[];
  /** The students of those campuses. */
  readonly launched: string[];
}

/** What is to be deleted now: sorted, each uid once. */
export function retentionPlan({ now, accounts, entries, launches }: RetentionInput): RetentionPlan {
  const idle = accounts
    .filter(
      (a) => !a.onList && a.operator !== true && a.lastSeen < now - IDLE_ACCOUNT_DAYS * DAY_MS,
    )
    .map((a) => a.uid);
  const firstLaunch = new Map<string, number>();
  for (const run of launches) {
    if (run.queued <= 0 || !Number.isFinite(run.at)) continue;
    firstLaunch.set(run.collegeId, Math.min(run.at, firstLaunch.get(run.collegeId) ?? run.at));
  }
  const campuses = [...firstLaunch]
    .filter(([, at]) => at <= now - AFTER_LAUNCH_DAYS * DAY_MS)
    .map(([id]) => id);
  // Only the students who were on the list when the launch was recorded (and so were told): one
  // who joined the campus afterwards keeps their entry (review of issue 51).
  const launched = entries
    .filter((e) => {
      const at = firstLaunch.get(e.collegeId);
      return at !== undefined && campuses.includes(e.collegeId) && e.joinedAt <= at;
    })
    .map((e) => e.uid);
  const sorted = (list: string[]) => [...new Set(list)].sort();
  return { idle: sorted(idle), campuses: sorted(campuses), launched: sorted(launched) };
}
