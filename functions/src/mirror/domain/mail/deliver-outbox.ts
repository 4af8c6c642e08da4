// Generated from src/domain/mail/deliver-outbox.ts by `npm run functions:copies -- --write`. Do not edit:
// tests/tooling/data/functions-copies.test.ts fails when the two disagree.
/**
 * The sender (issue 25), the same on every backend: claims due messages from the backend's outbox,
 * writes each (a fresh leave link in it), hands it to the mail provider and marks it sent, or
 * pending for a later attempt when the provider fails. A run ends when nothing is due; when the
 * provider fails MAX_FAILURES_IN_A_ROW times in a row (down, not one bad address), it stops and
 * hands back what it holds, to be tried again later: nothing is lost, nothing is sent twice by it.
 * A message that cannot be written fails alone and never counts as the provider failing.
 * Before a send, the recipient rules (recipient-limits.ts) read what went to that mailbox: a
 * second welcome within 30 days is skipped, a fourth message in a day waits for the next. Every
 * mark names the run's lease: a message is sent only with time left on it, and a mark whose
 * message another run holds, or whose student left mid-run, changes nothing and stops nothing.
 * A message about a campus links to the campus's page when it has one (issue 60,
 * DeliveryOptions.campusPage), to the landing page otherwise. An address on the suppression list
 * gets nothing, and a permanent refusal puts it there (issue 59, suppression.ts).
 * This module's imports are of its own folder, the domain's campus pages and e-mail verification,
 * and two ports: the Cloud Functions copy it.
 */
import type { MailTransport } from '../../ports/mail-transport.port';
import type { Outbox } from '../../ports/outbox.port';
import { campusLinkOf } from '../campus-page';
import { CODE_TTL_MS, codeOfNonce } from '../email-verification';
import { leaveTokenExpiry, LEAVE_PURPOSE, MIN_SECRET_LENGTH, signLeaveToken } from './leave-token';
import { mailContent } from './mail-message';
import {
  FIRST_BACKOFF_MS,
  LEASE_MS,
  nextAttemptAt,
  type OutgoingMail,
  type PendingMail,
} from './outbox';
import { LEDGER_KEEP_MS, recipientKey, recipientVerdict } from './recipient-limits';

export type { OutgoingMail };

export const MAX_FAILURES_IN_A_ROW = 5;
/**
 * A message is sent only while at least this much of its lease is left: more than a send can
 * take (the SMTP adapter's timeouts are 20 s a step), so no send ends under another run's lease.
 */
export const SEND_MARGIN_MS = 2 * 60_000;
/**
 * The most claims one run makes: messages handed back or deferred are due again, and a run that
 * claimed them forever would never end. The next run (a minute later) goes on.
 */
const MAX_CLAIMS_PER_RUN = 100;

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
  /**
   * Whether a campus has a page of its own (`/campus/<id>`, issue 60): the build's catalogue, as
   * the backend's sender knows it (src/data/campus-pages.ts, the functions' CAMPUS_LABEL). A
   * message about such a campus links to its page; about any other (added after the build,
   * pending), to the landing page. Default: no campus has a page.
   */
  readonly campusPage?: (campusId: string) => boolean;
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
  /** Failed for good (a permanent refusal, MAX_ATTEMPTS reached, or a message not writable). */
  failed: number;
  /** Never sent, by the recipient rules: a welcome within 30 days of another to that address. */
  skipped: number;
  /** Not sent today, by the recipient rules: the address's daily cap; pending for tomorrow. */
  deferred: number;
  /** Handed back untried: their lease was running out (another run sends them). */
  handedBack: number;
  /** Marks that changed nothing: the message was gone (its student left) or another's by then. */
  unmarked: number;
  /** True when the run stopped because the provider kept failing. */
  providerDown: boolean;
}

/** A run's report: nothing done but what `counts` names. */
export const deliveryReport = (counts: Partial<DeliveryReport> = {}): DeliveryReport => ({
  sent: 0,
  retried: 0,
  failed: 0,
  skipped: 0,
  deferred: 0,
  handedBack: 0,
  unmarked: 0,
  providerDown: false,
  ...counts,
});

export const leaveUrlOf = (siteUrl: string, token: string): string =>
  `${siteUrl}/salir?token=${encodeURIComponent(token)}`;

/** The message's campus when it has a page (issue 60), else null: its links land there. */
const pageIdOf = (mail: PendingMail, options: Pick<DeliveryOptions, 'campusPage'>) =>
  mail.campusId && options.campusPage?.(mail.campusId) === true ? mail.campusId : null;

/**
 * The message of one claimed outbox entry, with a leave link made now; a verification code's
 * (issue 48) with its six digits derived from its nonce, and no leave link (it goes to an address
 * the student typed). Rejects for a code past its time: it is not sent. A welcome's, milestone's,
 * launch's and campus-added message's links land on the campus's page when it has one (issue 60):
 * the invite link there with its `?ref=`; the code's message links to the site.
 */
export async function outgoingMail(
  mail: PendingMail,
  options: Pick<DeliveryOptions, 'secret' | 'from' | 'siteUrl' | 'oneClickUrl' | 'campusPage'>,
  now: Date,
): Promise<OutgoingMail> {
  const host = new URL(options.siteUrl).hostname;
  const messageId = `<${encodeURIComponent(mail.id).replace(/%/g, '=')}@${host}>`;
  if (mail.kind === 'code') {
    if (!mail.nonce) throw new Error('a code message without its nonce');
    if (!mail.expiresAt || mail.expiresAt <= now.getTime()) throw new Error('its code expired');
    const content = mailContent({
      kind: 'code',
      name: '',
      campus: mail.campus,
      siteUrl: options.siteUrl,
      leaveUrl: null,
      code: await codeOfNonce(options.secret, mail.nonce),
      codeMinutes: CODE_TTL_MS / 60_000,
    });
    return { id: mail.id, from: options.from, to: mail.to, ...content, messageId, headers: {} };
  }
  const pageId = pageIdOf(mail, options);
  const campusUrl = pageId ? campusLinkOf(options.siteUrl, pageId) : null;
  if (mail.joined <= 0) {
    // No entry to leave (a campus-added message to a student who joined nowhere): no leave link.
    const content = mailContent({
      kind: mail.kind,
      name: mail.name,
      campus: mail.campus,
      siteUrl: options.siteUrl,
      campusUrl,
      leaveUrl: null,
    });
    return { id: mail.id, from: options.from, to: mail.to, ...content, messageId, headers: {} };
  }
  const token = await signLeaveToken(
    { purpose: LEAVE_PURPOSE, uid: mail.uid, joined: mail.joined, expires: leaveTokenExpiry(now) },
    options.secret,
  );
  const content = mailContent({
    kind: mail.kind,
    name: mail.name,
    campus: mail.campus,
    siteUrl: options.siteUrl,
    campusUrl,
    leaveUrl: leaveUrlOf(options.siteUrl, token),
    inviteUrl: mail.inviteCode ? campusLinkOf(options.siteUrl, pageId, mail.inviteCode) : null,
    progress: mail.progress ?? null,
    milestone: mail.milestone ?? null,
  });
  return {
    id: mail.id,
    from: options.from,
    to: mail.to,
    ...content,
    messageId,
    headers: {
      'List-Unsubscribe': `<${options.oneClickUrl(token)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

const errorText = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * Sends what is due; resolves with what happened. Never rejects for a failed send or a mark that
 * finds its message gone; rejects before claiming anything when the signing secret is missing (a
 * set-up error is no failed attempt), and when the outbox cannot be claimed from.
 */
export async function deliverOutbox(options: DeliveryOptions): Promise<DeliveryReport> {
  if (typeof options.secret !== 'string' || options.secret.length < MIN_SECRET_LENGTH) {
    throw new RangeError('The leave links need a signing secret (MAIL_TOKEN_SECRET): none is set');
  }
  const now = options.now ?? (() => new Date());
  const batch = options.batch ?? 50;
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const report = deliveryReport();
  let tried = 0;
  let failuresInARow = 0;
  const budget = options.maxMessages ?? Number.POSITIVE_INFINITY;

  /** Each mailbox's (ledger key's) message in progress in this run: the next waits for it. */
  const turns = new Map<string, Promise<void>>();

  /** A mark of the outbox: false (counted) when it changed nothing or could not be made. */
  const mark = async (marking: Promise<boolean>): Promise<void> => {
    const done = await marking.catch(() => false);
    if (!done) report.unmarked++;
  };

  /** A message's ledger key, or why it has none (`recipientKey` resolving null, or throwing). */
  type Keyed = { readonly recipient: string | null; readonly error?: unknown };

  const sendOne = async (mail: PendingMail, leaseUntil: Date, key: Keyed): Promise<void> => {
    const fail = (failure: { attempts: number; retryAt: Date | null; error: string }) =>
      mark(options.outbox.markFailed(mail.id, { ...failure, leaseUntil }));
    // One message per mailbox at a time in a run: the next reads the ledger this one wrote, so
    // two welcomes (or a day's fourth message) in flight at once cannot both pass the rules. The
    // turn is taken before anything is awaited: the message claimed first goes first.
    const { recipient } = key;
    const previous = recipient === null ? undefined : turns.get(recipient);
    let release = (): void => {};
    const mine = new Promise<void>((resolve) => (release = resolve));
    if (recipient !== null) turns.set(recipient, mine);
    try {
      if (report.providerDown) {
        // Handed back untried: due again soon, its attempts unchanged.
        await fail({
          attempts: mail.attempts,
          retryAt: new Date(now().getTime() + FIRST_BACKOFF_MS),
          error: 'not tried: the mail provider was failing',
        });
        return;
      }
      let outgoing: OutgoingMail;
      try {
        if (key.error !== undefined) throw new Error(errorText(key.error), { cause: key.error });
        if (recipient === null) throw new Error('its address is no e-mail address');
        outgoing = await outgoingMail(mail, options, now());
      } catch (error) {
        // A message that cannot be written (a malformed outbox record) fails alone, for good: it
        // is no sign that the provider is down, and the run goes on (issue 51).
        await fail({
          attempts: mail.attempts + 1,
          retryAt: null,
          error: `not written: ${errorText(error)}`,
        });
        report.failed++;
        return;
      }
      await previous;
      await afterTurn(mail, leaseUntil, recipient, outgoing, fail);
    } finally {
      release();
      if (recipient !== null && turns.get(recipient) === mine) turns.delete(recipient);
    }
  };

  /** The rest of a message's way, once its mailbox's turn has come. */
  const afterTurn = async (
    mail: PendingMail,
    leaseUntil: Date,
    recipient: string,
    outgoing: OutgoingMail,
    fail: (failure: { attempts: number; retryAt: Date | null; error: string }) => Promise<void>,
  ): Promise<void> => {
    if (report.providerDown) {
      // The provider went down while this waited for its mailbox's turn: handed back untried.
      await fail({
        attempts: mail.attempts,
        retryAt: new Date(now().getTime() + FIRST_BACKOFF_MS),
        error: 'not tried: the mail provider was failing',
      });
      return;
    }
    if (now().getTime() > leaseUntil.getTime() - SEND_MARGIN_MS) {
      // Its lease is (nearly) over: another run may hold it by the time a send ends. Handed back,
      // due at once, never sent under a lease that is not this run's (issue 51).
      await fail({
        attempts: mail.attempts,
        retryAt: now(),
        error: 'not tried: its lease ran out',
      });
      report.handedBack++;
      return;
    }
    const at = now();
    const ledger = await options.outbox
      .sentTo(recipient, new Date(at.getTime() - LEDGER_KEEP_MS))
      .catch(() => null);
    if (ledger === null) {
      // The ledger could not be read: nothing is sent blind; tried again soon.
      await fail({
        attempts: mail.attempts,
        retryAt: new Date(at.getTime() + FIRST_BACKOFF_MS),
        error: 'not tried: the recipient ledger could not be read',
      });
      report.handedBack++;
      return;
    }
    const suppressed = await options.outbox.isSuppressed(recipient).catch(() => null);
    if (suppressed !== false) {
      // On the suppression list (issue 59): never sent. Unread: tried again soon, never blind.
      await fail(
        suppressed
          ? { attempts: mail.attempts, retryAt: null, error: 'skipped: the address is suppressed' }
          : {
              attempts: mail.attempts,
              retryAt: new Date(at.getTime() + FIRST_BACKOFF_MS),
              error: 'not tried: the suppression list could not be read',
            },
      );
      if (suppressed) report.skipped++;
      else report.handedBack++;
      return;
    }
    const verdict = recipientVerdict(mail, ledger, at.getTime());
    if (verdict.verdict === 'done') {
      await mark(options.outbox.markSent(mail.id, { at, leaseUntil, recipient, kind: mail.kind }));
      return;
    }
    if (verdict.verdict === 'skip') {
      await fail({ attempts: mail.attempts, retryAt: null, error: verdict.reason });
      report.skipped++;
      return;
    }
    if (verdict.verdict === 'defer') {
      await fail({
        attempts: mail.attempts,
        retryAt: new Date(verdict.until),
        error: verdict.reason,
      });
      report.deferred++;
      return;
    }
    tried++;
    try {
      await options.transport.send(outgoing);
    } catch (error) {
      const attempts = mail.attempts + 1;
      const permanent = (error as { permanent?: unknown } | null)?.permanent === true;
      const retryAt = nextAttemptAt(attempts, now(), permanent);
      await fail({ attempts, retryAt, error: errorText(error) });
      // A permanent refusal (SMTP 5xx) puts the address on the suppression list (issue 59).
      if (permanent) await options.outbox.suppress(recipient, 'failed', now()).catch(() => {});
      if (retryAt) report.retried++;
      else report.failed++;
      if (!permanent && ++failuresInARow >= MAX_FAILURES_IN_A_ROW) report.providerDown = true;
      return;
    }
    failuresInARow = 0;
    report.sent++;
    await mark(
      options.outbox.markSent(mail.id, { at: now(), leaseUntil, recipient, kind: mail.kind }),
    );
  };

  let claims = 0;
  while (!report.providerDown && tried < budget && claims < MAX_CLAIMS_PER_RUN) {
    const at = now();
    const limit = Math.min(batch, budget - tried);
    const leaseUntil = new Date(at.getTime() + LEASE_MS);
    const claimed = await options.outbox.claim(limit, at, leaseUntil);
    claims++;
    if (claimed.length === 0) break;
    // Each message's ledger key first, in the order claimed, so that turns follow that order.
    const keys = await Promise.all(
      claimed.map((mail) =>
        recipientKey(mail.to, options.secret).then(
          (recipient): Keyed => ({ recipient }),
          (error: unknown): Keyed => ({ recipient: null, error }),
        ),
      ),
    );
    const queue = claimed.map((mail, i) => ({ mail, key: keys[i]! }));
    await Promise.all(
      Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) {
          await sendOne(next.mail, leaseUntil, next.key);
        }
      }),
    );
  }
  return report;
}
