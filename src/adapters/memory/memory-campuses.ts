import { isCollegeId } from '@/domain/college';
import { isCatalogueCollege } from '@/domain/college-of-id';
import { isPendingCampusId } from '@/domain/campus-request';
import { campusAddedMailId } from '@/domain/mail/outbox';
import type { Clock } from '@/ports/clock.port';
import { normalizeDomain } from '@/domain/email-domain';
import {
  type AddedCampus,
  isListedCampus,
  requestOfPending,
} from './memory-campus-requests.adapter';
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

/** What an operator types to add a requested campus (city, state and domains: the console's). */
export interface AddCampusInput {
  readonly request: string;
  readonly id: string;
  readonly name?: string;
  readonly shortName?: string;
  /** The campus's city (default: the request's). */
  readonly city?: string;
  /** The Mexican state. */
  readonly state?: string;
  /** The university's e-mail domains. */
  readonly domains?: readonly string[];
}

/** Why an add was refused: 'name', 'request', 'added-as-other', 'id', 'taken', 'city', 'state', 'domains'. */
export class CampusAddError extends Error {
  constructor(
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}

const clean = (text: string | undefined): string => text?.replace(/\s+/g, ' ').trim() ?? '';

/**
 * The state with a requested campus (by its pending id) turned into a catalogue campus `id`,
 * named as the operator gives it (issue 59: the name and short name are required, never the
 * request's text, which a student typed), every entry on the pending campus moved to it, and one
 * 'Ya puedes unirte' message queued per student who asked for it. A rerun for the same request and
 * id changes nothing (`added` false); an unknown request, a request added under another id, an id
 * already taken or a field not valid throws a CampusAddError.
 */
export function withCampusAdded(
  state: MemoryState,
  now: Date,
  input: AddCampusInput,
): { state: MemoryState; result: AddCampusResult } {
  const name = clean(input.name);
  const shortName = clean(input.shortName);
  if (!name || !shortName) {
    throw new CampusAddError(
      'name',
      "The campus's name and short name are required (the request's text is never copied)",
    );
  }
  const found = isPendingCampusId(input.request) ? requestOfPending(state, input.request) : null;
  if (!found) throw new CampusAddError('request', `No campus request ${input.request}`);
  const { key, request } = found;
  if (request.addedAs) {
    if (request.addedAs !== input.id) {
      throw new CampusAddError(
        'added-as-other',
        `The request ${input.request} was added as ${String(request.addedAs)}`,
      );
    }
    return { state, result: { id: input.id, added: false, moved: 0, queued: 0 } };
  }
  if (!isCollegeId(input.id) || isPendingCampusId(input.id)) {
    throw new CampusAddError('id', `Not a college id: ${input.id}`);
  }
  if (isCatalogueCollege(input.id) || Object.hasOwn(state.addedCampuses, input.id)) {
    throw new CampusAddError('taken', `The campus id ${input.id} is taken`);
  }
  const city = input.city === undefined ? request.city : clean(input.city);
  if (!city) throw new CampusAddError('city', "The campus's city is required");
  const region = input.state === undefined ? undefined : clean(input.state);
  if (region === '') throw new CampusAddError('state', "The campus's state is required");
  const domains = input.domains?.map(normalizeDomain);
  if (domains && (!domains.length || domains.some((d) => d === null))) {
    throw new CampusAddError('domains', 'At least one valid e-mail domain is required');
  }
  const added: AddedCampus = {
    name,
    subname: city,
    shortName,
    pendingId: request.id,
    ...(region ? { state: region } : {}),
    ...(domains ? { domains: [...new Set(domains as string[])] } : {}),
  };
  let next: MemoryState = {
    ...state,
    addedCampuses: { ...state.addedCampuses, [input.id]: added },
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
      dueAt: now.getTime(),
      leaseUntil: 0,
      sentAt: null,
      error: null,
    };
    if (!Object.hasOwn(next.outbox, mail.id)) queued++;
    next = withMail(next, mail);
  }
  return { state: next, result: { id: input.id, added: true, moved, queued } };
}

/**
 * The operators' command (`npm run campus:add` on the real backends): withCampusAdded in one
 * write. A rerun writes and sends nothing; a refusal throws and changes nothing.
 */
export function addCampus(store: StateStore, clock: Clock, input: AddCampusInput): AddCampusResult {
  let result: AddCampusResult | null = null;
  store.update((state) => {
    const done = withCampusAdded(state, clock.now(), input);
    result = done.result;
    return done.state;
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
  addCampus(input: AddCampusInput): {
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
