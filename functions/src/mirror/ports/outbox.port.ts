// Generated from src/ports/outbox.port.ts by `npm run functions:copies -- --write`. Do not edit:
// tests/tooling/data/functions-copies.test.ts fails when the two disagree.
import type { MailKind } from '../domain/mail/mail-message';
import type { PendingMail } from '../domain/mail/outbox';
import type { SentRecord } from '../domain/mail/recipient-limits';
import type { SuppressionReason } from '../domain/mail/suppression';

/**
 * A backend's outbox, as its sender sees it (server-side: the service role, the Admin SDK, the
 * memory backend's own). Messages are written by the backend itself (on joining, by the launch
 * command); a sender only claims, and marks what happened. Each mark names the lease it was
 * claimed under (its `leaseUntil`), and changes the message only while that lease is the message's
 * own: a sender whose lease ran out and another sender claimed it changes nothing. A message that
 * is gone (its student left mid-run) is no error: the mark says false.
 * The recipients' ledger (src/domain/mail/recipient-limits.ts) is kept beside it, by keyed digest,
 * for LEDGER_KEEP_MS, and stays when a student leaves.
 */
export interface Outbox {
  /**
   * Up to `limit` messages due at `now` (pending, their next attempt come, no live lease), each
   * leased to this sender until `leaseUntil`: two senders never hold the same message.
   */
  claim(limit: number, now: Date, leaseUntil: Date): Promise<PendingMail[]>;
  /**
   * The message went out: recorded in its recipient's ledger (always), and marked sent, never to
   * be sent again, when the lease is still this sender's. Resolves with whether it was.
   */
  markSent(
    id: string,
    sent: { at: Date; leaseUntil: Date; recipient: string; kind: MailKind },
  ): Promise<boolean>;
  /**
   * Not sent: pending again from `retryAt`, or never when null (the error is kept for operators),
   * when the lease is still this sender's. Resolves with whether it was.
   */
  markFailed(
    id: string,
    failure: { attempts: number; retryAt: Date | null; error: string; leaseUntil: Date },
  ): Promise<boolean>;
  /** What went to the recipient (a ledger key) since `since`, oldest first. */
  sentTo(recipient: string, since: Date): Promise<SentRecord[]>;
  /** Whether the recipient (a ledger key) is on the suppression list (issue 59). */
  isSuppressed(recipient: string): Promise<boolean>;
  /**
   * Puts the recipient (a ledger key) on the suppression list; again is no error (the first
   * reason and time are kept). No code and no mail goes to it any more.
   */
  suppress(recipient: string, reason: SuppressionReason, at: Date): Promise<void>;
}
