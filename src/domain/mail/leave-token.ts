/**
 * The personal link of every e-mail (issue 25): `/salir?token=TOKEN` leaves the waitlist without a
 * sign-in. The token is made by the server and signed with a secret only the server holds
 * (HMAC-SHA256): it names one student's entry (the uid and the moment they joined), one purpose
 * and an expiry. Any change to it breaks the signature; an entry left (or left and joined again)
 * no longer matches, so a token works once.
 *
 *   v1.<purpose>.<uid, base64url>.<joined, ms since 1970>.<expires, s since 1970>.<signature>
 *
 * The signature covers everything before the last dot, as ASCII. Every backend reads it with this
 * rule: the browser's memory backend, the Cloud Functions (a generated copy, functions/src/mirror/domain/mail/)
 * and the database (`private.read_leave_token`, supabase/migrations/…_mail.sql), held equal by
 * tests. This module imports nothing: the functions copy it as it is.
 */

export const LEAVE_PURPOSE = 'leave';
/** How long a link works: long enough for a message read weeks later. */
export const LEAVE_TOKEN_DAYS = 90;
/** The shortest secret accepted (characters): 32 random bytes in base64url are 43. */
export const MIN_SECRET_LENGTH = 32;

export interface LeaveClaims {
  readonly purpose: string;
  readonly uid: string;
  /** When the entry was made, in milliseconds since 1970: the entry this token may delete. */
  readonly joined: number;
  /** When the token stops working, in seconds since 1970. */
  readonly expires: number;
}

/** Why a token is refused before any entry is looked at. */
export type LeaveTokenFault = 'malformed' | 'invalid' | 'expired';

export type LeaveTokenReading =
  | { readonly ok: true; readonly claims: LeaveClaims }
  /**
   * Refused. An expired token that is ours carries its claims (issue 51): it can no longer delete
   * anything, but it still stops the e-mails of the entry it names (stopMailByLink).
   */
  | { readonly ok: false; readonly fault: LeaveTokenFault; readonly claims?: LeaveClaims };

const TOKEN =
  /^v1\.([a-z]{1,16})\.([A-Za-z0-9_-]{1,200})\.(0|[1-9]\d{0,15})\.([1-9]\d{0,11})\.([A-Za-z0-9_-]{43})$/;
const MAX_TOKEN_LENGTH = 400;

const encoder = new TextEncoder();

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array | null {
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

function checkSecret(secret: string): void {
  if (typeof secret !== 'string' || secret.length < MIN_SECRET_LENGTH) {
    throw new RangeError(`The token secret must have at least ${MIN_SECRET_LENGTH} characters`);
  }
}

/** HMAC-SHA256 of `text` under `secret` (WebCrypto: the browser's, and Node's in the functions). */
export async function hmacSha256(secret: string, text: string): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(text)));
}

const signature = async (secret: string, body: string): Promise<string> =>
  base64url(await hmacSha256(secret, body));

/**
 * An HMAC-SHA256 of `text` under the server's secret, base64url: a stable name for a value (an
 * address) that only the secret's holder can make or match (the sender's recipient ledger).
 */
export async function keyedDigest(secret: string, text: string): Promise<string> {
  checkSecret(secret);
  return signature(secret, text);
}

/** Equal strings of equal length, compared without stopping at the first difference. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

const isClaimNumber = (n: number, max: number): boolean =>
  Number.isSafeInteger(n) && n >= 0 && n <= max;

/** The token for these claims. Throws on a short secret, an empty uid or out-of-range numbers. */
export async function signLeaveToken(claims: LeaveClaims, secret: string): Promise<string> {
  checkSecret(secret);
  const uid = base64url(encoder.encode(claims.uid));
  if (
    !/^[a-z]{1,16}$/.test(claims.purpose) ||
    !claims.uid ||
    uid.length > 200 ||
    !isClaimNumber(claims.joined, Number.MAX_SAFE_INTEGER) ||
    !isClaimNumber(claims.expires, 999_999_999_999) ||
    claims.expires === 0
  ) {
    throw new RangeError('Not claims a token can carry');
  }
  const body = `v1.${claims.purpose}.${uid}.${claims.joined}.${claims.expires}`;
  return `${body}.${await signature(secret, body)}`;
}

/** The claims of a leave link valid at `now` for `purpose`, or why it is refused. */
export async function readLeaveToken(
  token: unknown,
  secret: string,
  now: Date,
  purpose: string = LEAVE_PURPOSE,
): Promise<LeaveTokenReading> {
  checkSecret(secret);
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) {
    return { ok: false, fault: 'malformed' };
  }
  const parts = TOKEN.exec(token);
  const uidBytes = parts && fromBase64url(parts[2]!);
  if (!parts || !uidBytes) return { ok: false, fault: 'malformed' };
  const body = token.slice(0, token.lastIndexOf('.'));
  if (!sameText(await signature(secret, body), parts[5]!)) return { ok: false, fault: 'invalid' };
  let uid: string;
  try {
    uid = new TextDecoder('utf-8', { fatal: true }).decode(uidBytes);
  } catch {
    return { ok: false, fault: 'invalid' };
  }
  // Signed by us, yet for another purpose (or written in a non-canonical form): not this link.
  if (parts[1] !== purpose || base64url(uidBytes) !== parts[2]) {
    return { ok: false, fault: 'invalid' };
  }
  const claims: LeaveClaims = {
    purpose: parts[1],
    uid,
    joined: Number(parts[3]),
    expires: Number(parts[4]),
  };
  if (claims.expires * 1000 <= now.getTime()) return { ok: false, fault: 'expired', claims };
  return { ok: true, claims };
}

/** The expiry of a token made at `now`: LEAVE_TOKEN_DAYS later, in seconds since 1970. */
export const leaveTokenExpiry = (now: Date): number =>
  Math.floor(now.getTime() / 1000) + LEAVE_TOKEN_DAYS * 86_400;

/** The token of a leave link (`/salir?token=…`), or null when the address carries none. */
export function leaveTokenOfSearch(search: string): string | null {
  try {
    return new URLSearchParams(search).get('token');
  } catch {
    return null;
  }
}

/**
 * What a leave link is, as a backend answers (issue 25): 'valid' (it would leave), 'left' (it just
 * did), or why it does nothing: 'malformed' (not a token), 'invalid' (a signature or purpose that
 * is not ours), 'expired', 'used' (its entry is gone: left already, or left and joined again).
 * 'stopped' (issue 51): an expired link of an entry still on the list, used: it deleted nothing
 * (too old for that), and no more e-mails go to that entry.
 */
export const LEAVE_LINK_STATES = [
  'valid',
  'left',
  'malformed',
  'invalid',
  'expired',
  'used',
  'stopped',
] as const;
export type LeaveLinkState = (typeof LEAVE_LINK_STATES)[number];

/** A backend's answer as a state; anything else (a malformed answer) is null. */
export const parseLeaveLinkState = (value: unknown): LeaveLinkState | null =>
  (LEAVE_LINK_STATES as readonly unknown[]).includes(value) ? (value as LeaveLinkState) : null;
