import type { AuthPort } from '@/ports/auth.port';
import type { HeroConsentRepo } from '@/ports/hero-consent.port';
import type { LocalRecord } from '@/ports/local-record.port';
import type { WaitlistRepo } from '@/ports/waitlist-repo.port';
import type { College } from '@/domain/college';
import { collegeOfId } from '@/domain/college-of-id';
import { backendCall } from '@/domain/deadline';
import { joinRequestError } from '@/domain/join-request';
import type { User } from '@/domain/user';
import { toStoredEntry, type WaitlistEntry } from '@/domain/waitlist-entry';

/** What the page keeps of a student who joined, as the card shows it to them. */
export interface MyEntry {
  readonly entry: WaitlistEntry;
  /** The entry's campus, named from the catalogue. */
  readonly college: College;
  /** Whether their consent to show their photo in the hero strip is current. */
  readonly heroConsent: boolean;
}

interface Deps {
  readonly waitlist: WaitlistRepo;
  readonly heroConsent: HeroConsentRepo;
  readonly local: LocalRecord;
  readonly timeoutMs?: number;
}

/**
 * The student's own entry and consent, read from the backend; null when they are not on the list.
 * An entry the caller has just read (the check after sign-in) is not read again: only the consent.
 */
export const createLoadMyEntry =
  ({ waitlist, heroConsent, timeoutMs }: Omit<Deps, 'local'>) =>
  async (user: User, known?: WaitlistEntry): Promise<MyEntry | null> => {
    const [entry, consent] = await Promise.all([
      known ?? backendCall(waitlist.get(user.uid), timeoutMs),
      backendCall(heroConsent.get(user.uid), timeoutMs),
    ]);
    return entry && { entry, college: collegeOfId(entry.collegeId), heroConsent: consent !== null };
  };

/**
 * Changes the campus of the student's entry (and only it). Without a college it fails with
 * `validation/college-required` and writes nothing. This browser's copy of the entry follows.
 */
export const createChangeCollege =
  ({ waitlist, local, timeoutMs }: Omit<Deps, 'heroConsent'>) =>
  async ({ user, college }: { user: User; college: College | null }) => {
    const invalid = joinRequestError({ user, college });
    if (invalid) throw invalid;
    const entry = await backendCall(waitlist.changeCollege(user.uid, college!.id), timeoutMs);
    const stored = collegeOfId(entry.collegeId, college);
    const mine = local.read().waitlistDocId === user.uid;
    local.save({
      selectedCollege: stored,
      ...(mine ? { waitlistData: toStoredEntry(entry) } : {}),
    });
    return { entry, college: stored };
  };

/** Gives or revokes the student's consent to show their photo in the hero strip. */
export const createSetHeroConsent =
  ({ heroConsent, timeoutMs }: Pick<Deps, 'heroConsent' | 'timeoutMs'>) =>
  async (user: User, granted: boolean): Promise<void> => {
    await backendCall(
      granted ? heroConsent.grant(user.uid) : heroConsent.revoke(user.uid),
      timeoutMs,
    );
  };

/**
 * 'Salir de la lista de espera': deletes the consent record, then the entry, then the sign-in
 * account (which ends the session), then what this browser kept: nothing of the student stays.
 * Each step is idempotent, so a retry after any failure finishes the job; the consent goes first
 * so that a student who is still on the list after a failure is never shown in the hero strip
 * against their wish.
 */
export const createLeaveWaitlist =
  ({ waitlist, heroConsent, local, auth, timeoutMs }: Deps & { auth: AuthPort }) =>
  async (user: User): Promise<void> => {
    await backendCall(heroConsent.revoke(user.uid), timeoutMs);
    await backendCall(waitlist.leave(user.uid), timeoutMs);
    await backendCall(auth.deleteAccount(), timeoutMs);
    local.clear();
  };
