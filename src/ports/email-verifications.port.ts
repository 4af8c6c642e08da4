import type { PendingCode, SendOutcome, TryOutcome } from '@/domain/email-verification';

/**
 * Verifying a university address by a code (issue 48: src/domain/email-verification.ts holds the
 * rules). The backend checks the address against the student's campus, sends the code through its
 * outbox, keeps only the code's hash, and counts the student once the code is entered. Only the
 * signed-in student's own verification; another student's uid is refused with
 * `permission-denied`; a student with no entry gets `not-found`.
 */
export interface EmailVerifications {
  /** The code the student may still enter (after a reload), or null. */
  pending(uid: string): Promise<PendingCode | null>;
  /** Asks for a code to `address` (as typed): what came of it; nothing is sent when refused. */
  sendCode(uid: string, address: string): Promise<SendOutcome>;
  /** Enters a code (six digits): what came of it. */
  verify(uid: string, code: string): Promise<TryOutcome>;
}
