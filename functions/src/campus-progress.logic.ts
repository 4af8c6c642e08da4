/**
 * Who counts for a campus and what its progress shows, free of Firebase (the unit suite and the
 * root typecheck load it without functions/node_modules): campus-progress.ts keeps these in
 * Firestore (issue 28). The page never counts and never decides who is verified: this code does.
 *
 * - `campusMembers/{uid}` = `{ collegeId, verified }` (admin-only) mirrors each waitlist entry:
 *   `memberOf` is the record an entry calls for;
 * - `campusAnswer` is a campus's progress as the page may see it (floored).
 *
 * The floor, the settings and the domain rule are src/domain/campus-progress.ts and
 * src/domain/email-domain.ts themselves (mirrored, issue 52).
 */
import { CAMPUS_EMAIL } from './mirror/data/campus-email';
import {
  type CampusSettings,
  type CampusState,
  DEFAULT_THRESHOLD,
  parseSettings,
  PROGRESS_FLOOR,
  publicProgress,
} from './mirror/domain/campus-progress';
import { emailInDomains } from './mirror/domain/email-domain';

export { DEFAULT_THRESHOLD, emailInDomains, parseSettings, PROGRESS_FLOOR };
export type { CampusSettings };

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
