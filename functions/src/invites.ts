/**
 * Invites on Firebase (issue 28): the code rule of src/domain/invite-code.ts, repeated here (this
 * package builds on its own; tests/function/campus-function.test.ts holds the two equal).
 *
 * - `inviteOwners/{uid}` = `{ code }` and `inviteCodes/{code}` = `{ uid }`: each student's code,
 *   made at random by `get_my_invites` on first use, unique (a transaction checks the code's
 *   document does not exist);
 * - `invites/{inviteeUid}` = `{ inviter, at }`: one credit per account, written by `accept_invite`
 *   in a transaction that refuses one's own code and a second credit, an entry made more than a
 *   day before, and an inviter's credits past the day's cap (`inviteDays/…`, issue 51).
 * All three are admin-only (the rules' closing match).
 */
import { randomBytes } from 'node:crypto';

export const OWNERS_COLLECTION = 'inviteOwners';
export const CODES_COLLECTION = 'inviteCodes';
export const INVITES_COLLECTION = 'invites';
/** `inviteDays/{inviter}__{YYYY-MM-DD}` = `{ inviter, count }`: the credits of one inviter in a day. */
export const INVITE_DAYS_COLLECTION = 'inviteDays';

/** The credit rule of src/domain/invite-code.ts (mayCredit), repeated (issue 51). */
export const INVITE_CREDIT_WINDOW_MS = 24 * 60 * 60_000;
export const MAX_INVITE_CREDITS_PER_DAY = 20;
export const creditDay = (at: number): string => new Date(at).toISOString().slice(0, 10);
export function mayCredit({
  joinedAt,
  accountCreatedAt,
  now,
  inviterCreditsToday,
}: {
  joinedAt: number;
  accountCreatedAt: number;
  now: number;
  inviterCreditsToday: number;
}): boolean {
  return (
    Number.isFinite(joinedAt) &&
    Number.isFinite(accountCreatedAt) &&
    now - Math.min(joinedAt, accountCreatedAt) <= INVITE_CREDIT_WINDOW_MS &&
    inviterCreditsToday < MAX_INVITE_CREDITS_PER_DAY
  );
}

export const INVITE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
export const INVITE_CODE_LENGTH = 8;
const CODE = new RegExp(`^[${INVITE_ALPHABET}]{${INVITE_CODE_LENGTH}}$`);

/** The code as written, or null when it is not one. */
export function parseInviteCode(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 32) return null;
  const code = value.trim().toUpperCase();
  return CODE.test(code) ? code : null;
}

/** A code drawn at random. */
export function newInviteCode(bytes: Uint8Array = randomBytes(INVITE_CODE_LENGTH)): string {
  let code = '';
  for (let i = 0; i < INVITE_CODE_LENGTH; i++) {
    code += INVITE_ALPHABET[bytes[i]! % INVITE_ALPHABET.length];
  }
  return code;
}
