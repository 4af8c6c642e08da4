// Generated from src/ports/outbox.port.ts by `npm run functions:copies -- --write`. Do not edit:
// tests/tooling/data/functions-copies.test.ts fails when the two disagree.
import type { PendingMail } from './outbox';

/**
 * A backend's outbox, as its sender sees it (server-side: the service role, the Admin SDK, the
 * memory backend's own). Messages are written by the backend itself (on joining, by the launch
 * command); a sender only claims, and marks what happened.
 */
export interface Outbox {
  /**
   * Up to `limit` messages due at `now` (pending, their next attempt come, no live lease), each
   * leased to this sender until `leaseUntil`: two senders never hold the same message.
   */
  claim(limit: number, now: Date, leaseUntil: Date): Promise<PendingMail[]>;
  /** Sent: never sent again. */
  markSent(id: string, at: Date): Promise<void>;
  /** Not sent: tried again at `retryAt`, or never when null (the error is kept for operators). */
  markFailed(
    id: string,
    failure: { attempts: number; retryAt: Date | null; error: string },
  ): Promise<void>;
}
