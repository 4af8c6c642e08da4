// Generated from src/domain/mail/outbox.ts by `npm run functions:copies -- --write`. Do not edit:
// tests/tooling/data/functions-copies.test.ts fails when the two disagree.
/**
 * The outbox (issue 25): every e-mail is recorded first, sent after, and marked sent. A message is
 * recorded once: its id says what it is for, so writing it again (a retry, a second trigger
 * delivery, a rerun of the launch command) finds it there and writes nothing.
 * - the welcome of an entry: `welcome:<uid>:<joined ms>` (leaving and joining again is a new entry);
 * - the launch of a campus: `launch:<campus id>:<uid>`;
 * - a verification code (issue 48): `code:<uid>:<nonce>` (each code its own message);
 * - a campus's milestone (issue 49): `milestone:<campus id>:<percent>:<uid>`;
 * - a requested campus added (issue 49): `campus-added:<campus id>:<uid>`.
 * A send that fails (SMTP down, refusing, timing out) leaves it pending with a later attempt, up to
 * MAX_ATTEMPTS, waiting longer each time; a message claimed by a sender that died is claimed again
 * once its lease ends. This module imports nothing: the Cloud Functions copy it as it is.
 */
import type { MailKind, MailProgress } from './mail-message';

export const MAX_ATTEMPTS = 8;
/** The first retry's wait; each next one doubles, up to MAX_BACKOFF_MS. */
export const FIRST_BACKOFF_MS = 60_000;
export const MAX_BACKOFF_MS = 6 * 60 * 60_000;
/** How long a claimed message is a sender's own: past it, another run may claim it again. */
export const LEASE_MS = 5 * 60_000;

export const welcomeMailId = (uid: string, joined: number): string => `welcome:${uid}:${joined}`;
export const launchMailId = (campusId: string, uid: string): string => `launch:${campusId}:${uid}`;
export const codeMailId = (uid: string, nonce: string): string => `code:${uid}:${nonce}`;
export const campusAddedMailId = (campusId: string, uid: string): string =>
  `campus-added:${campusId}:${uid}`;

/** A message a sender has claimed, with what it takes to write it. */
export interface PendingMail {
  readonly id: string;
  readonly kind: MailKind;
  readonly uid: string;
  /**
   * The entry's date of joining (ms): what the leave link may delete. 0 for a student with no
   * entry (a campus-added message to one who asked and joined nowhere): no leave link.
   */
  readonly joined: number;
  readonly to: string;
  readonly name: string;
  readonly campus: string;
  /**
   * The campus's id (issue 60): the message's campus (a welcome's: the entry's), as the backend
   * keeps it. Its links land on the campus's page when it has one (DeliveryOptions.campusPage);
   * absent or null, on the landing page.
   */
  readonly campusId?: string | null;
  /** How many sends were tried before this one. */
  readonly attempts: number;
  /**
   * Welcome and milestone, when the backend has them: the student's invite code, the campus's
   * progress (a milestone's: the figure when it was reached).
   */
  readonly inviteCode?: string | null;
  readonly progress?: MailProgress | null;
  /** Milestone only: the percent reached. */
  readonly milestone?: number | null;
  /**
   * Code only (issue 48): the nonce its six digits are derived from with the secret
   * (email-verification.ts, codeOfNonce), and when the code expires (ms): an expired code is not
   * sent.
   */
  readonly nonce?: string | null;
  readonly expiresAt?: number | null;
}

/** When to try again after the `attempts`-th failed send, or null: given up (permanent or too many). */
export function nextAttemptAt(attempts: number, now: Date, permanent = false): Date | null {
  if (permanent || attempts >= MAX_ATTEMPTS) return null;
  const wait = Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** Math.max(0, attempts - 1));
  return new Date(now.getTime() + wait);
}

/** A message as the transport sends it. */
export interface OutgoingMail {
  readonly id: string;
  readonly from: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  /** The same on every attempt: a receiver can tell a repeat (after a sender's crash) apart. */
  readonly messageId: string;
  /** List-Unsubscribe (the one-click address) and List-Unsubscribe-Post (RFC 8058). */
  readonly headers: Readonly<Record<string, string>>;
}
