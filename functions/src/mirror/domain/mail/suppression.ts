// Generated from src/domain/mail/suppression.ts by `npm run functions:copies -- --write`. Do not edit:
// tests/tooling/data/functions-copies.test.ts fails when the two disagree.
/**
 * The suppression list (issue 59): an address whose mail failed for good gets no further code and
 * no further mail, on every backend. It enters the list in two ways:
 * - the sender's transport refused a message permanently (an SMTP 5xx answer: 'failed');
 * - the mail provider reported a bounce or a complaint through the backend's one bounce endpoint
 *   (docs/operations.md, "Bounces and complaints"): a POST of `{ "type": "bounce" | "complaint",
 *   "address": "…" }` carrying the endpoint's token (bounceToken) as `Authorization: Bearer …`.
 * The list keeps the address's recipient key (recipient-limits.ts, recipientKey), never the
 * address. This module imports only its folder's files: the functions copy it.
 */
import { normalizeAddress } from '../email-verification';
import { keyedDigest } from './leave-token';

export type SuppressionReason = 'failed' | 'bounce' | 'complaint';

/** A provider's notice, read: the address (normalized) and why; null when it is none. */
export interface BounceNotice {
  readonly address: string;
  readonly reason: Exclude<SuppressionReason, 'failed'>;
}

/** Reads the bounce endpoint's body; anything else is null (answered 400, nothing written). */
export function parseBounceNotice(body: unknown): BounceNotice | null {
  if (typeof body !== 'object' || body === null) return null;
  const { type, address } = body as { type?: unknown; address?: unknown };
  if (type !== 'bounce' && type !== 'complaint') return null;
  const normalized = normalizeAddress(address);
  return normalized ? { address: normalized, reason: type } : null;
}

/**
 * The bounce endpoint's token: a keyed digest of a fixed text under the signing secret, so the
 * operators read it with the secret's command and never keep a second secret.
 */
export const bounceToken = (secret: string): Promise<string> =>
  keyedDigest(secret, 'bounce-endpoint:v1');

/** Whether an `Authorization` header carries the token (compared in constant time). */
export async function bounceAuthorized(header: unknown, secret: string): Promise<boolean> {
  if (typeof header !== 'string' || !header.startsWith('Bearer ')) return false;
  const given = header.slice('Bearer '.length).trim();
  const expected = await bounceToken(secret);
  if (given.length !== expected.length) return false;
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= given.charCodeAt(i) ^ expected.charCodeAt(i);
  return diff === 0;
}
