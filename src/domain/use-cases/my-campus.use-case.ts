import type { CampusProgressRepo } from '@/ports/campus-progress.port';
import type { Invites } from '@/ports/invites.port';
import type { VisitRecord } from '@/ports/visit-record.port';
import type { MyCampus } from '@/domain/campus-progress';
import { backendCall } from '@/domain/deadline';
import { isAppError } from '@/domain/errors';
import { inviteCodeOfSearch, type MyInvites } from '@/domain/invite-code';
import type { User } from '@/domain/user';

/** What the card shows of a joined student's campus (issue 28). */
export interface CampusCard {
  readonly campus: MyCampus;
  readonly invites: MyInvites;
}

/** Remembers for this visit the invite code of the page's address (`?ref=CODE`), if any. */
export const createRememberInvite =
  ({ visit }: { visit: VisitRecord }) =>
  (search: string): void => {
    const code = inviteCodeOfSearch(search);
    if (code) visit.saveInvite(code);
  };

/**
 * Records the invite the student arrived with, if this visit holds one: once the backend has
 * answered (credited or refused), the visit forgets it; a failure keeps it for the next try (the
 * next read of the campus). Never throws: an invite never stands in a student's way. Calls made
 * while one is under way share it (the join and the card's first read of the campus).
 */
export const createAcceptPendingInvite = ({
  invites,
  visit,
  timeoutMs,
}: {
  invites: Invites;
  visit: VisitRecord;
  timeoutMs?: number;
}) => {
  const inFlight = new Map<string, Promise<void>>();
  const accept = async (user: User): Promise<void> => {
    const code = visit.readInvite();
    if (!code) return;
    try {
      await backendCall(invites.accept(user.uid, code), timeoutMs);
      visit.saveInvite(null);
    } catch {
      // Kept: the next read of the campus tries again.
    }
  };
  return (user: User): Promise<void> => {
    const running = inFlight.get(user.uid);
    if (running) return running;
    const started = accept(user).finally(() => inFlight.delete(user.uid));
    inFlight.set(user.uid, started);
    return started;
  };
};

/**
 * The student's campus as the backend counts it (its progress toward opening, whether their
 * e-mail verifies them) and their invites (their code, how many joined with it), after recording
 * a pending invite; null when they have no entry (left from elsewhere).
 */
export const createLoadMyCampus = ({
  campusProgress,
  invites,
  acceptPending,
  timeoutMs,
}: {
  campusProgress: CampusProgressRepo;
  invites: Invites;
  /** The shared createAcceptPendingInvite of the use cases. */
  acceptPending: (user: User) => Promise<void>;
  timeoutMs?: number;
}) => {
  return async (user: User): Promise<CampusCard | null> => {
    await acceptPending(user);
    try {
      const [campus, mine] = await Promise.all([
        backendCall(campusProgress.mine(user.uid), timeoutMs),
        backendCall(invites.mine(user.uid), timeoutMs),
      ]);
      return { campus, invites: mine };
    } catch (error) {
      if (isAppError(error) && error.code === 'not-found') return null;
      throw error;
    }
  };
};
