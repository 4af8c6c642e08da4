import type { User } from '@/domain/user';
import type { WaitlistStatus } from '@/domain/use-cases/waitlist-status.use-case';
import type { WaitlistEntry } from '@/domain/waitlist-entry';
import type { UseCases } from '@/domain/use-cases/use-cases';
import { cardUser } from '@/ui/card/card-transition';
import type { SliceDeps } from './outcome';

/**
 * Reads the student's entry (and consent) for the card: on the list, or a retry. An entry just
 * read by the check after sign-in is not read again.
 */
export async function readEntry(
  { services, log, send }: SliceDeps,
  user: User,
  known?: WaitlistEntry,
): Promise<void> {
  send({ type: 'entryLoading', uid: user.uid });
  let entry = null;
  try {
    entry = await (await services()).loadMyEntry(user, known);
  } catch (error) {
    log('Error loading the waitlist entry', error);
  }
  send({ type: 'entryRead', uid: user.uid, entry });
}

/** The student was found on the list: the card shows it, and their entry is read (once). */
function foundOnList(
  deps: SliceDeps,
  user: User,
  status: WaitlistStatus,
  known?: WaitlistEntry,
): void {
  const before = deps.card();
  if (deps.send({ type: 'onList', uid: user.uid, status }) !== before)
    void readEntry(deps, user, known);
}

/**
 * What the auth subscription or a sign-in reports: the card follows the user, and a student who
 * just arrived is asked about (spec call 6). The same user again changes nothing.
 */
export function followUser(deps: SliceDeps, user: User | null): void {
  const before = deps.card();
  if (deps.send({ type: 'user', user }) === before || !user) return;
  deps
    .services()
    .then((useCases) => useCases.checkWaitlistStatus(user))
    .then(
      ({ status, entry }) => foundOnList(deps, user, status, entry ?? undefined),
      (error: unknown) => deps.log('Error checking the waitlist entry', error),
    );
}

/** Applies what this browser keeps, now and whenever another tab changes it. */
export function watchLocal(deps: SliceDeps, useCases: UseCases): () => void {
  deps.send({ type: 'localCollege', college: useCases.savedCollege() });
  return useCases.watchLocalRecord(() => {
    deps.send({ type: 'localCollege', college: useCases.savedCollege() });
    const user = cardUser(deps.card());
    const status = user && useCases.localWaitlistStatus(user);
    if (user && status?.joined) foundOnList(deps, user, status);
  });
}
