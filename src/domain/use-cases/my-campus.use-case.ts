import type { CampusProgressRepo } from '@/ports/campus-progress.port';
import type { Invites } from '@/ports/invites.port';
import type { JoinSources } from '@/ports/join-sources.port';
import type { VisitRecord } from '@/ports/visit-record.port';
import type { MyCampus } from '@/domain/campus-progress';
import { backendCall } from '@/domain/deadline';
import { isAppError } from '@/domain/errors';
import { inviteCodeOfSearch, type MyInvites } from '@/domain/invite-code';
import type { User } from '@/domain/user';
import { sourceOfSearch } from '@/domain/visit-source';

/** What the card shows of a joined student's campus (issue 28). */
export interface CampusCard {
  readonly campus: MyCampus;
  readonly invites: MyInvites;
}

/**
 * Remembers for this visit the invite code of the page's address (`?ref=CODE`), if any, and its
 * source (`utm_*`, issue 49) unless the visit holds one already: the first of a visit stands.
 */
export const createRememberInvite =
  ({ visit }: { visit: VisitRecord }) =>
  (search: string): void => {
    const code = inviteCodeOfSearch(search);
    if (code) visit.saveInvite(code);
    const source = sourceOfSearch(search);
    if (source && !visit.readSource()) visit.saveSource(source);
  };

/**
 * Sends what this visit holds for the joined student (an item read from the visit, if any): once
 * the backend has answered, the visit forgets it; a failure keeps it for the next try (the next
 * read of the campus). Never throws: it never stands in a student's way. Calls made while one is
 * under way share it (the join and the card's first read of the campus).
 */
function createPendingVisitItem<T>(
  read: () => T | null,
  send: (uid: string, item: T) => Promise<unknown>,
  forget: () => void,
  timeoutMs?: number,
) {
  const inFlight = new Map<string, Promise<void>>();
  const run = async (user: User): Promise<void> => {
    const item = read();
    if (item === null) return;
    try {
      await backendCall(send(user.uid, item), timeoutMs);
      forget();
    } catch {
      // Kept: the next read of the campus tries again.
    }
  };
  return (user: User): Promise<void> => {
    const running = inFlight.get(user.uid);
    if (running) return running;
    const started = run(user).finally(() => inFlight.delete(user.uid));
    inFlight.set(user.uid, started);
    return started;
  };
}

/**
 * Records what the student arrived with, if this visit holds it: the invite (credited or refused,
 * issue 28) and the source (written once, issue 49), each forgotten once the backend answered.
 */
export const createAcceptPendingInvite = ({
  invites,
  joinSources,
  visit,
  timeoutMs,
}: {
  invites: Invites;
  joinSources: JoinSources;
  visit: VisitRecord;
  timeoutMs?: number;
}) => {
  const invite = createPendingVisitItem(
    () => visit.readInvite(),
    (uid, code) => invites.accept(uid, code),
    () => visit.saveInvite(null),
    timeoutMs,
  );
  const source = createPendingVisitItem(
    () => visit.readSource(),
    (uid, found) => joinSources.record(uid, found),
    () => visit.saveSource(null),
    timeoutMs,
  );
  return async (user: User): Promise<void> => {
    await Promise.all([invite(user), source(user)]);
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
