import { type CampusProgress, progressOfAnswer } from '@/domain/campus-progress';
import { type College, collegeFromRecord, isCollegeId } from '@/domain/college';

/**
 * What an invite link shows before sign-in (issue 48): the inviter's campus and its progress,
 * floored as everywhere (no figure under PROGRESS_FLOOR). Nothing of the inviter: no name, e-mail
 * or id reaches the visitor. An unknown or malformed code has no preview: the plain page.
 */
export interface InvitePreview {
  readonly college: College;
  readonly progress: CampusProgress;
}

/**
 * Reads a backend's answer (`{ collegeId, name, subname, shortName, verifiedCount, threshold,
 * state, opensOn }`, each adapter mapping its own names to these); null for anything that names no
 * campus. The progress goes through parseProgress: never a figure under the floor.
 */
export function parseInvitePreview(value: unknown): InvitePreview | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (!isCollegeId(v.collegeId)) return null;
  const college = collegeFromRecord({
    id: v.collegeId,
    name: v.name,
    subname: v.subname,
    shortName: v.shortName,
  });
  if (!college) return null;
  return {
    college,
    progress: progressOfAnswer(v.collegeId, v),
  };
}
