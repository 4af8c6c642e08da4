/**
 * What one mailbox may receive (issue 51), the same for every backend's sender: the rule that
 * keeps the welcome from being farmed (leave, join again, repeat) and the provider's quota and the
 * domain's reputation from being burnt on one inbox.
 * - A message already sent to the mailbox (its id in the ledger) is not sent again, whoever holds
 *   it now (a second sender after a lease ran out).
 * - At most one welcome per mailbox in WELCOME_EVERY_MS (30 days), whatever happened to the entry:
 *   a later one is skipped, for good.
 * - At most RECIPIENT_DAILY_CAP messages per mailbox in a day: the rest wait for the next day
 *   (deferred, not lost: a launch still arrives). A verification code (issue 48) neither waits
 *   nor counts: it is valid for minutes, and its own rule (three sends per address an hour,
 *   email-verification.ts) keeps a mailbox from being flooded.
 * The ledger is kept by the backend under a keyed digest of the mailbox (never the address), for
 * LEDGER_KEEP_MS, and survives the student's leaving: that is what makes the 30 days hold.
 * This module's imports are of its own folder and the address rule: the Cloud Functions copy it.
 */
import { mailboxOf } from '../email-address';
import { keyedDigest } from './leave-token';
import type { MailKind } from './mail-message';

const DAY_MS = 24 * 60 * 60_000;
export const WELCOME_EVERY_MS = 30 * DAY_MS;
export const RECIPIENT_DAILY_CAP = 3;
/** How long a send stays in the ledger: the longest window a rule looks back over. */
export const LEDGER_KEEP_MS = WELCOME_EVERY_MS;
/** The most sends one mailbox's ledger keeps (the cap makes ~90 in 30 days the real most). */
const MAX_LEDGER = 200;

/** One message sent to a mailbox: its outbox id, its kind and when (ms since 1970). */
export interface SentRecord {
  readonly id: string;
  readonly kind: MailKind;
  readonly at: number;
}

export type RecipientVerdict =
  | { readonly verdict: 'send' }
  /** Sent already (its id is in the ledger): marked sent, not sent again. */
  | { readonly verdict: 'done' }
  /** Never sent: a welcome went to this mailbox within 30 days. */
  | { readonly verdict: 'skip'; readonly reason: string }
  /** Not now: the day's cap is reached; due again once the oldest of the day is a day old. */
  | { readonly verdict: 'defer'; readonly until: number; readonly reason: string };

/** What to do with a message for a mailbox whose ledger is `sent`, at `now` (ms). */
export function recipientVerdict(
  mail: { readonly id: string; readonly kind: MailKind },
  sent: readonly SentRecord[],
  now: number,
): RecipientVerdict {
  if (sent.some((s) => s.id === mail.id)) return { verdict: 'done' };
  if (
    mail.kind === 'welcome' &&
    sent.some((s) => s.kind === 'welcome' && s.at > now - WELCOME_EVERY_MS)
  ) {
    return { verdict: 'skip', reason: 'skipped: a welcome went to this address within 30 days' };
  }
  if (mail.kind === 'code') return { verdict: 'send' };
  const today = sent
    .filter((s) => s.kind !== 'code')
    .map((s) => s.at)
    .filter((at) => at > now - DAY_MS)
    .sort((a, b) => a - b);
  if (today.length >= RECIPIENT_DAILY_CAP) {
    return {
      verdict: 'defer',
      // The oldest of the day leaves the window then, and one more may go.
      until: today[today.length - RECIPIENT_DAILY_CAP]! + DAY_MS,
      reason: `deferred: ${RECIPIENT_DAILY_CAP} messages went to this address in a day`,
    };
  }
  return { verdict: 'send' };
}

/**
 * The ledger after one more send: the record added once (a second mark keeps the first time),
 * nothing older than LEDGER_KEEP_MS.
 */
export function ledgerWith(
  sent: readonly SentRecord[],
  record: SentRecord,
  now: number,
): SentRecord[] {
  // One record per message, the first one kept: a message marked again keeps its first time (as
  // Postgres's `on conflict do nothing`).
  const byId = new Map<string, SentRecord>();
  for (const s of sent) if (s.at > now - LEDGER_KEEP_MS && !byId.has(s.id)) byId.set(s.id, s);
  if (!byId.has(record.id)) byId.set(record.id, record);
  return [...byId.values()].sort((a, b) => a.at - b.at).slice(-MAX_LEDGER);
}

/**
 * The ledger's key of an address: a keyed digest (HMAC-SHA256 under the sender's secret) of its
 * mailbox, so `Ana+1@udg.mx` and `ana@udg.mx` share one, and the ledger names no address. Null
 * when the address is none.
 */
export async function recipientKey(address: string, secret: string): Promise<string | null> {
  const mailbox = mailboxOf(address);
  return mailbox === null ? null : keyedDigest(secret, `recipient:${mailbox}`);
}
