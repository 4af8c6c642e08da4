// Generated from src/domain/email-verification.ts by `npm run functions:copies -- --write`. Do not edit:
// tests/tooling/data/functions-copies.test.ts fails when the two disagree.
/**
 * Verifying a university address by a code (issue 48), apart from the sign-in: a student signed
 * in with any account proves they read a university mailbox, and then counts for their campus.
 * The rules here are the same on every backend (the memory adapter calls them; the Supabase
 * functions in supabase/migrations/20261128060000_email_verification.sql and the Cloud Functions'
 * generated copy, functions/src/mirror/domain/email-verification.ts, repeat them; tests hold them equal):
 * - an address is read normalized: trimmed, lower case, its `+tag` dropped; only ASCII letters,
 *   digits, dots, hyphens and underscores before the '@' (a look-alike such as a Cyrillic 'а' is
 *   refused, never read as the letter it resembles), and a domain as src/domain/email-domain.ts
 *   reads it;
 * - a code is six digits, valid CODE_TTL_MS, at most MAX_CODE_TRIES wrong tries; a new code
 *   replaces the last; how many may be sent, and to whom, is src/domain/code-sends.ts (issue 59);
 * - the code itself is never stored: its record keeps a keyed hash, and the outbox message a
 *   random nonce from which the sender, holding the secret, derives it (codeOfNonce).
 * This module imports only the mail's HMAC: the Cloud Functions copy it beside it.
 */

import type { SendRefusal } from './code-sends';
import { hmacSha256 } from './mail/leave-token';

export const CODE_LENGTH = 6;
export const CODE_TTL_MS = 15 * 60_000;
export const MAX_CODE_TRIES = 5;
/** The identity's hourly cap (code-sends.ts), named as the tests always named it. */
export const MAX_SENDS_PER_HOUR = 3;
export const SEND_WINDOW_MS = 60 * 60_000;

/** Longest address we read (RFC 5321: 64 + 1 + 255). */
const MAX_ADDRESS_LENGTH = 320;
const LOCAL = /^[a-z0-9](?:[a-z0-9._-]{0,62}[a-z0-9_-])?$/;
const DOMAIN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

/**
 * The address as every rule compares it (`Ana.Garcia+2@Alumnos.UDG.mx` is
 * `ana.garcia@alumnos.udg.mx`), or null when it is not one we read: no single '@', a character
 * outside ASCII letters, digits, `.`, `-`, `_` (and the `+tag`), two dots in a row, a domain that
 * is not one.
 */
export function normalizeAddress(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text.length === 0 || text.length > MAX_ADDRESS_LENGTH) return null;
  // Checked before lower-casing: a character that lower-cases to ASCII (the Kelvin sign) is no
  // letter of an address.
  if (!/^[A-Za-z0-9._+@-]+$/.test(text)) return null;
  const lower = text.toLowerCase();
  const at = lower.indexOf('@');
  if (at < 1 || at !== lower.lastIndexOf('@')) return null;
  const local = lower.slice(0, at).split('+')[0]!;
  const domain = lower.slice(at + 1);
  if (!LOCAL.test(local) || local.includes('..') || domain.length > 253 || !DOMAIN.test(domain)) {
    return null;
  }
  return `${local}@${domain}`;
}

/** Whether the normalized address is on one of `domains` or a subdomain of one. */
export function addressInDomains(address: string, domains: readonly string[]): boolean {
  const domain = address.slice(address.indexOf('@') + 1);
  return domains.some((d) => {
    const allowed = d.toLowerCase();
    return domain === allowed || domain.endsWith(`.${allowed}`);
  });
}

/** What the page's address field holds, read against the campus's university. */
export type AddressCheck =
  | { readonly ok: true; readonly address: string }
  /** Not an address at all (or one with a look-alike character). */
  | { readonly ok: false; readonly refusal: 'malformed' }
  /** An address, but not of the campus's university (a personal one). */
  | { readonly ok: false; readonly refusal: 'personal' };

export function checkUniversityAddress(value: unknown, domains: readonly string[]): AddressCheck {
  const address = normalizeAddress(value);
  if (!address) return { ok: false, refusal: 'malformed' };
  if (!addressInDomains(address, domains)) return { ok: false, refusal: 'personal' };
  return { ok: true, address };
}

/** A code as typed: six digits, spaces and hyphens around or between them ignored; else null. */
export function parseVerificationCode(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 32) return null;
  const digits = value.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

/** The six digits of a digest (its first six bytes as a number, modulo a million). */
export function codeOfDigest(bytes: ArrayLike<number>): string {
  if (bytes.length < 6) throw new RangeError('Not enough bytes');
  let n = 0;
  for (let i = 0; i < 6; i++) n = n * 256 + bytes[i]!;
  return String(n % 1_000_000).padStart(CODE_LENGTH, '0');
}

const hex = (bytes: Uint8Array): string =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** The code a message's nonce stands for: HMAC-SHA256(secret, 'code:' + nonce), six digits. */
export const codeOfNonce = async (secret: string, nonce: string): Promise<string> =>
  codeOfDigest(await hmacSha256(secret, `code:${nonce}`));

/** What a code record keeps instead of the code: HMAC-SHA256(secret, 'hash:uid:code'), hex. */
export const codeHash = async (secret: string, uid: string, code: string): Promise<string> =>
  hex(await hmacSha256(secret, `hash:${uid}:${code}`));

/** A random nonce: 16 bytes, hex. */
export const newNonce = (): string => hex(crypto.getRandomValues(new Uint8Array(16)));

/** A code waiting to be entered, as a backend keeps it. */
export interface CodeRecord {
  readonly address: string;
  readonly hash: string;
  readonly expiresAt: number;
  /** Wrong tries so far. */
  readonly tries: number;
}

/** What the student's code entry comes to. */
export type TryOutcome =
  | { readonly outcome: 'verified'; readonly address: string }
  /** Wrong: `left` tries remain for this code. */
  | { readonly outcome: 'wrong'; readonly left: number }
  | { readonly outcome: 'expired' }
  /** Too many wrong tries: this code is spent. */
  | { readonly outcome: 'exhausted' }
  /** No code waits (never sent, replaced and used, or already used). */
  | { readonly outcome: 'none' };

/**
 * The try of a code against the record: `matches` says whether the typed code's hash is the
 * record's. The record after it: kept with one more try (wrong), or gone (verified, spent).
 */
export function tryCode(
  record: CodeRecord | null,
  now: number,
  matches: boolean,
): { readonly result: TryOutcome; readonly record: CodeRecord | null } {
  if (!record) return { result: { outcome: 'none' }, record: null };
  if (now >= record.expiresAt) return { result: { outcome: 'expired' }, record };
  if (record.tries >= MAX_CODE_TRIES) return { result: { outcome: 'exhausted' }, record };
  if (matches) return { result: { outcome: 'verified', address: record.address }, record: null };
  const tries = record.tries + 1;
  return tries >= MAX_CODE_TRIES
    ? { result: { outcome: 'exhausted' }, record: { ...record, tries } }
    : { result: { outcome: 'wrong', left: MAX_CODE_TRIES - tries }, record: { ...record, tries } };
}

/**
 * What asking for a code comes to. An address another account holds is answered 'sent' as a free
 * one is (issue 59: src/domain/code-sends.ts); no answer says who is on the list.
 */
export type SendOutcome =
  /** Queued to the address (normalized); it may take minutes to arrive. */
  | { readonly outcome: 'sent'; readonly address: string; readonly expiresAt: number }
  | { readonly outcome: 'malformed' }
  | { readonly outcome: 'personal' }
  /** Refused by a limit or the suppression list (code-sends.ts): nothing was queued. */
  | SendRefusal
  /** The student is verified already (by the sign-in or an earlier code). */
  | { readonly outcome: 'verified' };

/** A code the student may still enter (shown again after a reload): its address and end. */
export interface PendingCode {
  readonly address: string;
  readonly expiresAt: number;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0;

/** Reads a backend's answer to a send; anything malformed is null (the adapter's 'internal'). */
export function parseSendOutcome(value: unknown): SendOutcome | null {
  if (!isRecord(value)) return null;
  switch (value.outcome) {
    case 'sent': {
      const address = normalizeAddress(value.address);
      return address && isTime(value.expiresAt)
        ? { outcome: 'sent', address, expiresAt: value.expiresAt }
        : null;
    }
    case 'limited':
    case 'waiting':
    case 'busy':
    case 'paused':
      return isTime(value.retryAt) ? { outcome: value.outcome, retryAt: value.retryAt } : null;
    case 'malformed':
    case 'personal':
    case 'spent':
    case 'suppressed':
    case 'verified':
      return { outcome: value.outcome };
    default:
      return null;
  }
}

/** Reads a backend's answer to a try; anything malformed is null. */
export function parseTryOutcome(value: unknown): TryOutcome | null {
  if (!isRecord(value)) return null;
  switch (value.outcome) {
    case 'verified': {
      const address = normalizeAddress(value.address);
      return address ? { outcome: 'verified', address } : null;
    }
    case 'wrong':
      return typeof value.left === 'number' &&
        Number.isInteger(value.left) &&
        value.left >= 1 &&
        value.left < MAX_CODE_TRIES
        ? { outcome: 'wrong', left: value.left }
        : null;
    case 'expired':
    case 'exhausted':
    case 'none':
      return { outcome: value.outcome };
    default:
      return null;
  }
}

/** Reads a backend's pending code; anything else is none. */
export function parsePendingCode(value: unknown): PendingCode | null {
  if (!isRecord(value)) return null;
  const address = normalizeAddress(value.address);
  return address && isTime(value.expiresAt) ? { address, expiresAt: value.expiresAt } : null;
}
