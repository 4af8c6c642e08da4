// Generated from src/domain/mail/deliver-outbox.ts by `npm run functions:copies -- --write`. Do not edit:
// tests/tooling/data/functions-copies.test.ts fails when the two disagree.
/**
 * The sender (issue 25), the same on every backend: claims due messages from the backend's outbox,
 * writes each (a fresh leave link in it), hands it to the mail provider and marks it sent, or
 * pending for a later attempt when the provider fails. A run ends when nothing is due; when the
 * provider fails MAX_FAILURES_IN_A_ROW times in a row (down, not one bad address), it stops and
 * hands back what it holds, to be tried again later: nothing is lost, nothing is sent twice by it.
 * A message that cannot be written fails alone and never counts as the provider failing.
 * This module's imports are of its own folder and two ports: the Cloud Functions copy it.
 */
import type { MailTransport } from './mail-transport.port';
import type { Outbox } from './outbox.port';
import { leaveTokenExpiry, LEAVE_PURPOSE, MIN_SECRET_LENGTH, signLeaveToken } from './leave-token';
import { mailContent } from './mail-message';
import {
  FIRST_BACKOFF_MS,
  LEASE_MS,
  nextAttemptAt,
  type OutgoingMail,
  type PendingMail,
} from './outbox';

export type { OutgoingMail };

export const MAX_FAILURES_IN_A_ROW = 5;

export interface DeliveryOptions {
  readonly outbox: Outbox;
  readonly transport: MailTransport;
  /** The leave links' signing secret (server-side only). */
  readonly secret: string;
  /** The sender: 'De estudiantes a estudiantes <hola@example.mx>'. */
  readonly from: string;
  /** The site's address (https, no trailing slash): its /salir page. */
  readonly siteUrl: string;
  /** The backend's one-click endpoint for a token (RFC 8058: an https address taking a POST). */
  readonly oneClickUrl: (token: string) => string;
  readonly now?: () => Date;
  /** Messages claimed at a time (default 50). */
  readonly batch?: number;
  /** Messages in flight at once (default 4). */
  readonly concurrency?: number;
  /** Stop after this many sends tried (default: until nothing is due). */
  readonly maxMessages?: number;
}

export interface DeliveryReport {
  sent: number;
  /** Failed now, to be tried again later. */
  retried: number;
  /** Failed for good (a permanent refusal, or MAX_ATTEMPTS reached). */
  failed: number;
  /** True when the run stopped because the provider kept failing. */
  providerDown: boolean;
}

export const leaveUrlOf = (siteUrl: string, token: string): string =>
  `${siteUrl}/salir?token=${encodeURIComponent(token)}`;

export const inviteUrlOf = (siteUrl: string, code: string): string =>
  `${siteUrl}/?ref=${encodeURIComponent(code)}`;

/** The message of one claimed outbox entry, with a leave link made now. */
export async function outgoingMail(
  mail: PendingMail,
  options: Pick<DeliveryOptions, 'secret' | 'from' | 'siteUrl' | 'oneClickUrl'>,
  now: Date,
): Promise<OutgoingMail> {
  const token = await signLeaveToken(
    { purpose: LEAVE_PURPOSE, uid: mail.uid, joined: mail.joined, expires: leaveTokenExpiry(now) },
    options.secret,
  );
  const content = mailContent({
    kind: mail.kind,
    name: mail.name,
    campus: mail.campus,
    siteUrl: options.siteUrl,
    leaveUrl: leaveUrlOf(options.siteUrl, token),
    inviteUrl: mail.inviteCode ? inviteUrlOf(options.siteUrl, mail.inviteCode) : null,
    progress: mail.progress ?? null,
  });
  const host = new URL(options.siteUrl).hostname;
  return {
    id: mail.id,
    from: options.from,
    to: mail.to,
    ...content,
    messageId: `<${encodeURIComponent(mail.id).replace(/%/g, '=')}@${host}>`,
    headers: {
      'List-Unsubscribe': `<${options.oneClickUrl(token)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

const errorText = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * Sends what is due; resolves with what happened. Never rejects for a failed send; rejects before
 * claiming anything when the signing secret is missing (a set-up error is no failed attempt).
 */
export async function deliverOutbox(options: DeliveryOptions): Promise<DeliveryReport> {
  if (typeof options.secret !== 'string' || options.secret.length < MIN_SECRET_LENGTH) {
    throw new RangeError('The leave links need a signing secret (MAIL_TOKEN_SECRET): none is set');
  }
  const now = options.now ?? (() => new Date());
  const batch = options.batch ?? 50;
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const report: DeliveryReport = { sent: 0, retried: 0, failed: 0, providerDown: false };
  let tried = 0;
  let failuresInARow = 0;
  const budget = options.maxMessages ?? Number.POSITIVE_INFINITY;

  const sendOne = async (mail: PendingMail): Promise<void> => {
    if (report.providerDown) {
      // Handed back untried: due again soon, its attempts unchanged.
      await options.outbox.markFailed(mail.id, {
        attempts: mail.attempts,
        retryAt: new Date(now().getTime() + FIRST_BACKOFF_MS),
        error: 'not tried: the mail provider was failing',
      });
      return;
    }
    tried++;
    let outgoing: OutgoingMail;
    try {
      outgoing = await outgoingMail(mail, options, now());
    } catch (error) {
      // A message that cannot be written (a malformed outbox record) fails alone, for good: it is
      // no sign that the provider is down, and the run goes on (issue 51).
      await options.outbox.markFailed(mail.id, {
        attempts: mail.attempts + 1,
        retryAt: null,
        error: `not written: ${errorText(error)}`,
      });
      report.failed++;
      return;
    }
    try {
      await options.transport.send(outgoing);
    } catch (error) {
      const attempts = mail.attempts + 1;
      const permanent = (error as { permanent?: unknown } | null)?.permanent === true;
      const retryAt = nextAttemptAt(attempts, now(), permanent);
      await options.outbox.markFailed(mail.id, { attempts, retryAt, error: errorText(error) });
      if (retryAt) report.retried++;
      else report.failed++;
      if (!permanent && ++failuresInARow >= MAX_FAILURES_IN_A_ROW) report.providerDown = true;
      return;
    }
    failuresInARow = 0;
    await options.outbox.markSent(mail.id, now());
    report.sent++;
  };

  while (!report.providerDown && tried < budget) {
    const at = now();
    const limit = Math.min(batch, budget - tried);
    const claimed = await options.outbox.claim(limit, at, new Date(at.getTime() + LEASE_MS));
    if (claimed.length === 0) break;
    const queue = [...claimed];
    await Promise.all(
      Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
        for (let mail = queue.shift(); mail; mail = queue.shift()) await sendOne(mail);
      }),
    );
  }
  return report;
}
