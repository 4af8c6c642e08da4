import { isCollegeId } from '@/domain/college';
import { isCatalogueCollege } from '@/domain/college-of-id';
import { isPendingCampusId } from '@/domain/campus-request';
import { campusAddedMailId } from '@/domain/mail/outbox';
import type { Clock } from '@/ports/clock.port';
import { isListedCampus, requestOfPending } from './memory-campus-requests.adapter';
import { type MemoryMail, withMail } from './memory-mail.adapter';
import type { MemoryContext, MemoryState, StateStore } from './memory-store';

/**
 * The memory backend's campuses beyond the built catalogue (issue 49): requested campuses a
 * student may join pending, and the ones an operator added (`addCampus`). Their state is the
 * campus requests' slice (memory-campus-requests.adapter.ts).
 */

/**
 * Whether the student may join (or move to) this campus: one of the catalogue, one an operator
 * added, or a pending one the student asked for and no operator added yet. Students cannot make
 * a campus of their own: any other id is refused.
 */
export function isJoinableCampus(state: MemoryState, uid: string, id: string): boolean {
  if (isListedCampus(state, id)) return true;
  if (!isCollegeId(id) || !isPendingCampusId(id)) return false;
  const found = requestOfPending(state, id);
  return !!found && !found.request.addedAs && found.request.by.includes(uid);
}

/** What `addCampus` did. */
export interface AddCampusResult {
  readonly id: string;
  /** Whether this call added it (false: a rerun, which wrote and sent nothing). */
  readonly added: boolean;
  readonly moved: number;
  readonly queued: number;
}

/**
 * The operators' command (`npm run campus:add` on the real backends): turns a requested campus
 * (by its pending id) into a catalogue campus `id`, named as the operator gives it (issue 59: the
 * name and short name are required, never the request's text, which a student typed), moves every
 * entry on the pending campus to it, and queues one 'Ya puedes unirte' message per student who
 * asked for it. A rerun for the same request and id writes and sends nothing; an unknown request,
 * a request added under another id, or an id already taken throws and changes nothing.
 */
export function addCampus(
  store: StateStore,
  clock: Clock,
  input: { request: string; id: string; name?: string; shortName?: string },
): AddCampusResult {
  const name = input.name?.replace(/\s+/g, ' ').trim() ?? '';
  const shortName = input.shortName?.replace(/\s+/g, ' ').trim() ?? '';
  if (!name || !shortName) {
    throw new Error(
      "The campus's name and short name are required (the request's text is never copied)",
    );
  }
  let result: AddCampusResult | null = null;
  store.update((state) => {
    const found = isPendingCampusId(input.request) ? requestOfPending(state, input.request) : null;
    if (!found) throw new Error(`No campus request ${input.request}`);
    const { key, request } = found;
    if (request.addedAs) {
      if (request.addedAs !== input.id) {
        throw new Error(`The request ${input.request} was added as ${String(request.addedAs)}`);
      }
      result = { id: input.id, added: false, moved: 0, queued: 0 };
      return state;
    }
    if (!isCollegeId(input.id) || isPendingCampusId(input.id)) {
      throw new Error(`Not a college id: ${input.id}`);
    }
    if (isCatalogueCollege(input.id) || Object.hasOwn(state.addedCampuses, input.id)) {
      throw new Error(`The campus id ${input.id} is taken`);
    }
    let next: MemoryState = {
      ...state,
      addedCampuses: {
        ...state.addedCampuses,
        [input.id]: { name, subname: request.city, shortName, pendingId: request.id },
      },
      campusRequests: { ...state.campusRequests, [key]: { ...request, addedAs: input.id } },
    };
    let moved = 0;
    const entries = { ...next.entries };
    for (const [uid, entry] of Object.entries(entries)) {
      if (entry.collegeId !== request.id) continue;
      entries[uid] = { ...entry, collegeId: input.id };
      moved++;
    }
    next = { ...next, entries };
    let queued = 0;
    for (const uid of request.by) {
      const account = next.accounts.find((a) => a.uid === uid);
      if (!account || !Object.hasOwn(next.users, uid)) continue;
      const entry = Object.hasOwn(next.entries, uid) ? next.entries[uid] : undefined;
      const mail: MemoryMail = {
        id: campusAddedMailId(input.id, uid),
        kind: 'campus-added',
        uid,
        joined: entry ? Date.parse(entry.timestamp) : 0,
        to: entry?.email ?? account.email,
        name: account.displayName,
        collegeId: input.id,
        status: 'pending',
        attempts: 0,
        dueAt: clock.now().getTime(),
        leaseUntil: 0,
        sentAt: null,
        error: null,
      };
      if (!Object.hasOwn(next.outbox, mail.id)) queued++;
      next = withMail(next, mail);
    }
    result = { id: input.id, added: true, moved, queued };
    return next;
  });
  return result!;
}

/** The operators' command that adds a requested campus. */
export interface CampusesControls {
  /**
   * The operators' command that turns a requested campus into a catalogue campus (issue 49; `npm
   * run campus:add -- --request ID --id CAMPUS` on the real backends): the search finds it, every
   * entry on the pending campus moves to it, and each student who asked gets one 'Ya puedes
   * unirte' e-mail. A rerun writes and sends nothing; an unknown request, a taken id, or a missing
   * name or short name (issue 59) throws.
   */
  addCampus(input: { request: string; id: string; name?: string; shortName?: string }): {
    id: string;
    added: boolean;
    moved: number;
    queued: number;
  };
}

export const campusesControls = ({ store, clock, sender }: MemoryContext): CampusesControls => ({
  addCampus: (input) => {
    const result = addCampus(store, clock, input);
    if (result.queued) sender.scheduleDelivery();
    return result;
  },
});
