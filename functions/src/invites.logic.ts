/**
 * The invite code's drawing, free of Firebase (the unit suite and the root typecheck load it
 * without functions/node_modules): the code and credit rules are src/domain/invite-code.ts itself
 * (mirrored, issue 52); invites.ts keeps the codes and credits in Firestore.
 */
import { randomBytes } from 'node:crypto';
import { INVITE_CODE_LENGTH, inviteCodeFromBytes } from './mirror/domain/invite-code';

/** A code drawn at random. */
export const newInviteCode = (bytes: Uint8Array = randomBytes(INVITE_CODE_LENGTH)): string =>
  inviteCodeFromBytes(bytes);
