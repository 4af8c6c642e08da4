/**
 * The limits on code e-mails (issue 59): a code can never be aimed at strangers, and no answer to
 * a request says whether an address belongs to someone on the list. The rules here are the same on
 * every backend (memory calls them; the Cloud Functions' generated copy,
 * functions/src/mirror/domain/code-sends.ts, and the SQL of supabase/migrations/…_code_sends.sql
 * repeat them; the contract suite holds the three equal):
 * - the sender's limits are keyed to the Google identity of the account (its `sub`), which
 *   survives the account's deletion: CODE_SEND_LIMITS.identity* per hour, per day and for life.
 *   Every request that passes the address's own checks is counted there, whatever comes of it;
 * - an address gets at most `addressPerHour` and `addressPerDay` codes, whoever asks, and one live
 *   code at a time across accounts (a second account waits for the first code's end);
 * - one university domain (its subdomains included) gets at most `domainPerHour` codes from all
 *   students together, and the whole service `globalPerDay` code e-mails per budget day
 *   (America/Mexico_City); a spent budget stops sending and is recorded for the operators;
 * - an address on the suppression list (a permanent delivery failure, a bounce or a complaint)
 *   gets no code and no mail;
 * - an address another account verified or signs in with is answered exactly as a free one
 *   (counted, a code record kept, the same 'sent'), and nothing is queued: the code is never sent,
 *   and verifying it fails as it always did.
 * The ledger never keeps an identity or an address: its keys are HMAC-SHA256 digests with the
 * signing secret (identityKey, and recipient-limits.ts's recipientKey for an address). This module
 * imports only the mail's keyed digest: the functions copy it.
 */

import { keyedDigest } from './mail/leave-token';

export const HOUR_MS = 60 * 60_000;
export const DAY_MS = 24 * HOUR_MS;

export const CODE_SEND_LIMITS = {
  /** Codes one Google identity may ask for in any hour, day, and ever. */
  identityPerHour: 3,
  identityPerDay: 6,
  identityLifetime: 12,
  /** Codes one address may be sent in any hour and any day, whoever asks. */
  addressPerHour: 3,
  addressPerDay: 5,
  /** Codes to one university domain (subdomains included) in any hour, all students together. */
  domainPerHour: 200,
  /** Code e-mails of the whole service per budget day (America/Mexico_City). */
  globalPerDay: 3000,
} as const;

/** Mexico City keeps UTC-6 all year since 2022: the budget day starts at 06:00 UTC. */
const BUDGET_OFFSET_MS = 6 * HOUR_MS;

/** The budget day of a moment: `YYYY-MM-DD` in America/Mexico_City. */
export const budgetDay = (now: number): string =>
  new Date(now - BUDGET_OFFSET_MS).toISOString().slice(0, 10);

/** When the budget day after `now`'s starts (ms). */
export const nextBudgetDay = (now: number): number =>
  Math.floor((now - BUDGET_OFFSET_MS) / DAY_MS) * DAY_MS + DAY_MS + BUDGET_OFFSET_MS;

/**
 * The ledger's key of a Google identity (its `sub`): a keyed digest (HMAC-SHA256 under the
 * signing secret), so the ledger names no one. An address's key is the mail's recipient key
 * (recipient-limits.ts, recipientKey): the code ledger, the suppression list and a sent message's
 * outbox record share it, and none keeps the address.
 */
export const identityKey = (secret: string, sub: string): Promise<string> =>
  keyedDigest(secret, `identity:${sub}`);

/** The catalogue domain an address is of (`alumnos.udg.mx` for `a@x.alumnos.udg.mx`), or null. */
export function domainOf(address: string, domains: readonly string[]): string | null {
  const domain = address.slice(address.indexOf('@') + 1);
  for (const d of domains) {
    const allowed = d.toLowerCase();
    if (domain === allowed || domain.endsWith(`.${allowed}`)) return allowed;
  }
  return null;
}

/** What a backend reads before a send: the times (ms) and counts the limits look at. */
export interface SendLedger {
  /** The identity's requests of the last day. */
  readonly identitySends: readonly number[];
  /** The identity's requests ever. */
  readonly identityTotal: number;
  /** The address's sends of the last day. */
  readonly addressSends: readonly number[];
  /** The domain's sends of the last hour. */
  readonly domainSends: readonly number[];
  /** Code e-mails of the current budget day. */
  readonly globalToday: number;
  /** The end (ms) of a live code another account holds for this address, or null. */
  readonly liveCodeElsewhere: number | null;
  /** Whether the address is on the suppression list. */
  readonly suppressed: boolean;
}

/** A refused request: what the student is told (src/ui/waitlist/verification-text.ts). */
export type SendRefusal =
  /** This account's identity asked for too many codes this hour or day: `retryAt`. */
  | { readonly outcome: 'limited'; readonly retryAt: number }
  /** This identity asked for all the codes it ever may. */
  | { readonly outcome: 'spent' }
  /** The address was sent codes lately (a live one, or its hour's or day's): `retryAt`. */
  | { readonly outcome: 'waiting'; readonly retryAt: number }
  /** The university's addresses were sent many codes this hour: `retryAt`. */
  | { readonly outcome: 'busy'; readonly retryAt: number }
  /** The day's budget of code e-mails is spent: `retryAt` is the next budget day. */
  | { readonly outcome: 'paused'; readonly retryAt: number }
  /** Mail to the address failed for good (or its holder complained): none is sent. */
  | { readonly outcome: 'suppressed' };

/** The time the oldest of the last `cap` sends in `window` leaves it, or 0 when under the cap. */
function retryOf(sends: readonly number[], now: number, window: number, cap: number): number {
  const recent = sends.filter((at) => now - at < window).sort((a, b) => a - b);
  return recent.length >= cap ? recent[recent.length - cap]! + window : 0;
}

/**
 * Whether a code may be asked for now. The caller's own limits come first, so every request is
 * counted before anything about the address is looked at; then the service's budget and the
 * domain's; then the address's. Which account holds the address is never asked here.
 */
export function codeSendVerdict(
  now: number,
  ledger: SendLedger,
): { readonly ok: true } | { readonly ok: false; readonly refusal: SendRefusal } {
  const L = CODE_SEND_LIMITS;
  if (ledger.identityTotal >= L.identityLifetime) {
    return { ok: false, refusal: { outcome: 'spent' } };
  }
  const identity = Math.max(
    retryOf(ledger.identitySends, now, HOUR_MS, L.identityPerHour),
    retryOf(ledger.identitySends, now, DAY_MS, L.identityPerDay),
  );
  if (identity) return { ok: false, refusal: { outcome: 'limited', retryAt: identity } };
  if (ledger.globalToday >= L.globalPerDay) {
    return { ok: false, refusal: { outcome: 'paused', retryAt: nextBudgetDay(now) } };
  }
  const domain = retryOf(ledger.domainSends, now, HOUR_MS, L.domainPerHour);
  if (domain) return { ok: false, refusal: { outcome: 'busy', retryAt: domain } };
  if (ledger.suppressed) return { ok: false, refusal: { outcome: 'suppressed' } };
  const address = Math.max(
    ledger.liveCodeElsewhere !== null && ledger.liveCodeElsewhere > now
      ? ledger.liveCodeElsewhere
      : 0,
    retryOf(ledger.addressSends, now, HOUR_MS, L.addressPerHour),
    retryOf(ledger.addressSends, now, DAY_MS, L.addressPerDay),
  );
  if (address) return { ok: false, refusal: { outcome: 'waiting', retryAt: address } };
  return { ok: true };
}

/**
 * Whether a refusal counts against the caller's identity: every request does that got past the
 * identity's own limits (a refusal by them writes nothing, so a loop cannot push its own window).
 */
export const countsAgainstIdentity = (verdict: ReturnType<typeof codeSendVerdict>): boolean =>
  verdict.ok || (verdict.refusal.outcome !== 'limited' && verdict.refusal.outcome !== 'spent');

/** The times a ledger keeps: the identity's and address's of the last day, the domain's hour. */
export const keptSends = (sends: readonly number[], now: number, window = DAY_MS): number[] =>
  sends.filter((at) => now - at < window);
