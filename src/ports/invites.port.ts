import type { MyInvites } from '@/domain/invite-code';
import type { InvitePreview } from '@/domain/invite-preview';

/**
 * Invites that count (issue 28, part 3): each student's code, made by the backend, and the record
 * of which classmate joined with whose code (a record of its own: the waitlist entry keeps exactly
 * its fields). The backend refuses a self-invite and a second credit for the same account, and
 * ignores a code it does not know. No global position, no leaderboard: a student sees only their
 * own count, made of the classmates who count now (issue 48: inviteCounts, on the list at the
 * inviter's campus and verified).
 */
export interface Invites {
  /**
   * The student's own code (made on the first call, then always the same) and how many classmates
   * joined with it. Rejects with `not-found` when the student has no entry.
   */
  mine(uid: string): Promise<MyInvites>;
  /**
   * Records that the student, on the list, arrived with `code`. Resolves true when this call
   * credited it; false when nothing was written (a student not on the list, an unknown code, the
   * student's own, or an account already credited). Another student's uid is refused with
   * `permission-denied`.
   */
  accept(uid: string, code: string): Promise<boolean>;
  /**
   * What the invite link shows before sign-in (issue 48): the code's campus and its floored
   * progress, or null for a code no student holds (or a malformed one). A public call: no sign-in.
   */
  preview(code: string): Promise<InvitePreview | null>;
}
