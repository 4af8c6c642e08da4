import type { LocalRecord } from '@/ports/local-record.port';
import type { WaitlistRepo } from '@/ports/waitlist-repo.port';
import type { LocalValues } from '@/domain/local-record';
import type { User } from '@/domain/user';
import { createIsOnWaitlist } from './is-on-waitlist.use-case';

/** Where a signed-in student stands (spec section 4: joined flag, confirmed state, e-mail). */
export interface WaitlistStatus {
  readonly joined: boolean;
  /** Joined, and this browser keeps the e-mail it joined with. */
  readonly confirmed: boolean;
  /** The e-mail field: the stored `waitlistEmail` when confirmed, else the account's. */
  readonly email: string;
}

/**
 * Spec section 4: on the list when an entry exists; confirmed, with the e-mail field filled from
 * the stored `waitlistEmail`, when one is stored. A stored e-mail counts only when it was stored
 * for this uid (or for no uid), so a shared computer never shows one student's e-mail to another.
 */
export function waitlistStatus(user: User, onList: boolean, local: LocalValues): WaitlistStatus {
  const { waitlistEmail, waitlistDocId } = local;
  const stored =
    onList && waitlistEmail && (!waitlistDocId || waitlistDocId === user.uid)
      ? waitlistEmail
      : null;
  return { joined: onList, confirmed: stored !== null, email: stored ?? user.email };
}

/** After sign-in: asks the waitlist whether the student's entry exists (spec call 6). */
export function createCheckWaitlistStatus(deps: {
  waitlist: WaitlistRepo;
  local: LocalRecord;
  timeoutMs?: number;
}) {
  const isOnWaitlist = createIsOnWaitlist(deps);
  return async (user: User): Promise<WaitlistStatus> =>
    waitlistStatus(user, await isOnWaitlist(user.uid), deps.local.read());
}

/** After another tab changed the local record: it joined when it stored this student's uid. */
export const createLocalWaitlistStatus =
  ({ local }: { local: LocalRecord }) =>
  (user: User): WaitlistStatus => {
    const values = local.read();
    return waitlistStatus(user, values.waitlistDocId === user.uid, values);
  };
