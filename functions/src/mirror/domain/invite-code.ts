// Generated from src/domain/invite-code.ts by `npm run functions:copies -- --write`. Do not edit:
// tests/tooling/data/functions-copies.test.ts fails when the two disagree.
/**
 * Invite codes (issue 28, part 3): each student who joined has a short code that a classmate's
 * link carries (`/?ref=CODE`). The code is made by the server (every backend draws it at random
 * from this alphabet) and read by this rule on every side: eight characters of an alphabet without
 * look-alikes (no 0/O, 1/I/L, no U), so that a code read aloud or copied by hand is unambiguous.
 * A code is read without regard to case and surrounding spaces; anything else is no code at all
 * (ignored, never an error).
 */

export const INVITE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
export const INVITE_CODE_LENGTH = 8;

const CODE = new RegExp(`^[${INVITE_ALPHABET}]{${INVITE_CODE_LENGTH}}$`);

/** The code as written, or null when it is not one (malformed: ignored). */
export function parseInviteCode(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 32) return null;
  const code = value.trim().toUpperCase();
  return CODE.test(code) ? code : null;
}

/** A code drawn from random bytes (one per character; the bias of 256 % 30 is immaterial). */
export function inviteCodeFromBytes(bytes: ArrayLike<number>): string {
  if (bytes.length < INVITE_CODE_LENGTH) throw new RangeError('Not enough random bytes');
  let code = '';
  for (let i = 0; i < INVITE_CODE_LENGTH; i++) {
    code += INVITE_ALPHABET[bytes[i]! % INVITE_ALPHABET.length];
  }
  return code;
}

/** The invite code of a page address's `ref` parameter, or null (absent or malformed). */
export function inviteCodeOfSearch(search: string): string | null {
  try {
    return parseInviteCode(new URLSearchParams(search).get('ref'));
  } catch {
    return null;
  }
}

/**
 * When an arrival is credited to an invite (issue 51: counts that cannot be farmed): only an entry
 * made within INVITE_CREDIT_WINDOW_MS (a day) of the credit, by an account made within the same
 * day (an old account cannot be credited later, to anyone who asks, nor by leaving the list and
 * joining again), and at most MAX_INVITE_CREDITS_PER_DAY to one inviter in a day (UTC).
 * Every backend holds to it (the Cloud Functions use this file, copied into functions/src/mirror/domain/;
 * Supabase repeats it in SQL, held equal by the contract suite).
 */
export const INVITE_CREDIT_WINDOW_MS = 24 * 60 * 60_000;
export const MAX_INVITE_CREDITS_PER_DAY = 20;

/** The day (UTC, YYYY-MM-DD) a credit counts towards. */
export const creditDay = (at: number): string => new Date(at).toISOString().slice(0, 10);

/**
 * Whether an arrival may be credited now: its entry and its account (as the backend first saw it)
 * made within a day, the inviter under today's cap.
 */
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

/** The student's invites: their own code, and how many classmates joined with it. */
export interface MyInvites {
  readonly code: string;
  readonly joined: number;
}

/**
 * Whether a recorded arrival counts for its inviter now (issue 48): the invitee is on the list at
 * the inviter's campus and verified for it (by their sign-in or a code), and is not the inviter.
 * Read at each count, so a credit comes when the invitee verifies and goes when they leave or
 * move to another campus. Every backend counts this way (tests hold them equal).
 */
export function inviteCounts(
  inviter: { readonly uid: string; readonly collegeId: string | null },
  invitee: { readonly uid: string; readonly collegeId: string | null; readonly verified: boolean },
): boolean {
  return (
    inviter.uid !== invitee.uid &&
    inviter.collegeId !== null &&
    invitee.collegeId === inviter.collegeId &&
    invitee.verified
  );
}
