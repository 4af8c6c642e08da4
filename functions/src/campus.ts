/**
 * Campus progress and verified students on Firebase (issue 28). The page never counts and never
 * decides who is verified: this code does, with the Admin SDK.
 *
 * - `campusMembers/{uid}` = `{ collegeId, verified }` (admin-only: the rules close it to every
 *   client) mirrors each waitlist entry. `reconcileMember` sets it to what the entry says now, in
 *   a transaction: a duplicated, late or out-of-order trigger event converges on the entry as it
 *   is, so the records always equal a recount of the entries.
 * - The count of a campus is an aggregation query over those records (`count()`), computed at
 *   each call: no stored counter can drift.
 * - `campusSettings/{collegeId}` = `{ threshold, state, opensOn }` is what operators set
 *   (`npm run campus:set`).
 *
 * The floor, the settings and the domain rule are src/domain/campus-progress.ts and
 * src/domain/email-domain.ts themselves, generated into functions/src/rules/ (issue 52: one way
 * to share a rule with the server).
 */
import { CAMPUS_EMAIL } from './campus-email';
import {
  type CampusSettings,
  type CampusState,
  DEFAULT_THRESHOLD,
  parseSettings,
  PROGRESS_FLOOR,
  publicProgress,
} from './rules/campus-progress';
import { emailInDomains } from './rules/email-domain';

export { DEFAULT_THRESHOLD, emailInDomains, parseSettings, PROGRESS_FLOOR };
export type { CampusSettings };

export const MEMBERS_COLLECTION = 'campusMembers';
export const SETTINGS_COLLECTION = 'campusSettings';

/** Whether the address verifies a student of the campus. */
export const isVerifiedFor = (email: unknown, collegeId: string): boolean =>
  emailInDomains(email, CAMPUS_EMAIL[collegeId]?.domains ?? []);

/** What `get_my_campus` answers: the count only from the floor up. */
export interface MyCampusAnswer {
  collegeId: string;
  verified: boolean;
  verifiedCount: number | null;
  threshold: number;
  state: CampusState;
  opensOn: string | null;
  universityOf: string | null;
}

export function campusAnswer(
  collegeId: string,
  email: unknown,
  count: number,
  settings: CampusSettings,
): MyCampusAnswer {
  return {
    collegeId,
    verified: isVerifiedFor(email, collegeId),
    verifiedCount: publicProgress(collegeId, count, settings).verified,
    threshold: settings.threshold,
    state: settings.state,
    opensOn: settings.opensOn,
    universityOf: CAMPUS_EMAIL[collegeId]?.of ?? null,
  };
}

/** A waitlist entry as the reconciliation reads it. */
export interface EntryFields {
  email?: unknown;
  collegeId?: unknown;
}

/** The member record an entry calls for (null: no entry, so no record). */
export function memberOf(
  entry: EntryFields | null,
): { collegeId: string; verified: boolean } | null {
  if (!entry || typeof entry.collegeId !== 'string') return null;
  return { collegeId: entry.collegeId, verified: isVerifiedFor(entry.email, entry.collegeId) };
}
