/**
 * Invites on Firebase (issue 28): the code and credit rules are src/domain/invite-code.ts itself,
 * generated into functions/src/rules/ (issue 52).
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
import { INVITE_CODE_LENGTH, inviteCodeFromBytes } from './rules/invite-code';

export const OWNERS_COLLECTION = 'inviteOwners';
export const CODES_COLLECTION = 'inviteCodes';
export const INVITES_COLLECTION = 'invites';
/** `inviteDays/{inviter}__{YYYY-MM-DD}` = `{ inviter, count }`: the credits of one inviter in a day. */
export const INVITE_DAYS_COLLECTION = 'inviteDays';

export {
  creditDay,
  INVITE_ALPHABET,
  INVITE_CODE_LENGTH,
  INVITE_CREDIT_WINDOW_MS,
  MAX_INVITE_CREDITS_PER_DAY,
  mayCredit,
  parseInviteCode,
} from './rules/invite-code';

/** A code drawn at random. */
export const newInviteCode = (bytes: Uint8Array = randomBytes(INVITE_CODE_LENGTH)): string =>
  inviteCodeFromBytes(bytes);
