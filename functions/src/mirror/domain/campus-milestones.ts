// Generated from src/domain/campus-milestones.ts by `npm run functions:copies -- --write`. Do not edit:
// tests/tooling/data/functions-copies.test.ts fails when the two disagree.
/**
 * Milestone e-mails (issue 49, part 3): when a campus with a threshold reaches 25, 50, 75 and
 * 100 percent of it, with at least the floor of verified students, every student then on its list
 * gets one e-mail for that milestone through the outbox. Each (campus, milestone) is reached once:
 * the backend records it with the students it mailed, so falling below and crossing again sends
 * nothing new, a student who joins later gets no past milestone, and a campus under the floor
 * never mails a figure. The message's id (milestoneMailId) makes a repeat impossible.
 * This module imports nothing: the Cloud Functions copy it as it is.
 */

export const MILESTONES = [25, 50, 75, 100] as const;
export type Milestone = (typeof MILESTONES)[number];

/** The page's floor (campus-progress.ts PROGRESS_FLOOR): no figure under it, no milestone. */
export const MILESTONE_FLOOR = 10;

export const isMilestone = (value: unknown): value is Milestone =>
  typeof value === 'number' && (MILESTONES as readonly number[]).includes(value);

/**
 * The milestones a campus's true verified count has reached against its threshold: each percent
 * whose share the count meets (verified × 100 ≥ percent × threshold, in whole numbers), none
 * under the floor or without a valid threshold.
 */
export function milestonesReached(verified: number, threshold: number): Milestone[] {
  if (!Number.isInteger(verified) || !Number.isInteger(threshold) || threshold < 1) return [];
  if (verified < MILESTONE_FLOOR) return [];
  return MILESTONES.filter((percent) => verified * 100 >= percent * threshold);
}

/**
 * What a change of the count (or of the threshold) does: the milestones reached now that were not
 * recorded before, all to be recorded, and the one to mail, the highest of them (a campus that
 * jumps from 20 to 60 percent, by a lowered threshold, gets one message for 50, not two).
 */
export function milestoneStep(
  verified: number,
  threshold: number,
  recorded: readonly number[],
): { readonly record: Milestone[]; readonly mail: Milestone | null } {
  const record = milestonesReached(verified, threshold).filter((m) => !recorded.includes(m));
  return { record, mail: record.length ? record[record.length - 1]! : null };
}

export const milestoneMailId = (campusId: string, milestone: Milestone, uid: string): string =>
  `milestone:${campusId}:${milestone}:${uid}`;
