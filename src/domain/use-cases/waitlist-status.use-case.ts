import type { LocalRecord } from '@/ports/local-record.port';
import type { WaitlistRepo } from '@/ports/waitlist-repo.port';
import { backendCall } from '@/domain/deadline';
import type { LocalValues } from '@/domain/local-record';
import type { User } from '@/domain/user';
import type { WaitlistEntry } from '@/domain/waitlist-entry';

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

/** Where the student stands, and the entry that says so (null when they are not on the list). */
export interface WaitlistCheck {
  readonly status: WaitlistStatus;
  readonly entry: WaitlistEntry | null;
}

/**
 * After sign-in: reads the student's entry (spec call 6, the existence check). The entry comes
 * back with the answer, so that the card does not read it a second time.
 */
export const createCheckWaitlistStatus =
  ({
    waitlist,
    local,
    timeoutMs,
  }: {
    waitlist: WaitlistRepo;
    local: LocalRecord;
    timeoutMs?: number;
  }) =>
  async (user: User): Promise<WaitlistCheck> => {
    const entry = await backendCall(waitlist.get(user.uid), timeoutMs);
    return { status: waitlistStatus(user, entry !== null, local.read()), entry };
  };

/** After another tab changed the local record: it joined when it stored this student's uid. */
export const createLocalWaitlistStatus =
  ({ local }: { local: LocalRecord }) =>
  (user: User): WaitlistStatus => {
    const values = local.read();
    return waitlistStatus(user, values.waitlistDocId === user.uid, values);
  };
