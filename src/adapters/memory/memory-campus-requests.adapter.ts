import type { CampusRequests } from '@/ports/campus-requests.port';
import {
  campusRequestError,
  campusRequestKey,
  isPendingCampusId,
  mailCampusLabel,
  MAX_REQUESTS_PER_STUDENT,
  parseCampusRequest,
  pendingCampusIdOf,
  type PendingCampus,
} from '@/domain/campus-request';
import { isCollegeId } from '@/domain/college';
import { collegeOfId, isCatalogueCollege } from '@/domain/college-of-id';
import { AppError } from '@/domain/errors';
import { assertSignedIn } from './memory-auth.adapter';
import type { MemoryContext, MemoryState, Slice } from './memory-store';
import { isObject, isString, recordOf } from './memory-values';

declare module './memory-store' {
  interface MemoryState {
    /** 'Mi campus no aparece': each requested campus (by campusRequestKey) and who asked for it. */
    readonly campusRequests: Readonly<Record<string, RequestedCampus>>;
    /**
     * Requested campuses an operator added to the catalogue (issue 49, `addCampus` in
     * memory-campuses.ts), keyed by their new college id: how the search shows them, and the
     * pending id they were.
     */
    readonly addedCampuses: Readonly<Record<string, AddedCampus>>;
  }
}

/** A campus students asked for: as the first of them wrote it, and the uids that asked. */
export interface RequestedCampus {
  /** The pending campus's id (issue 49): `pendiente-` and 24 hex digits of the key's sha-256. */
  readonly id: string;
  readonly name: string;
  readonly city: string;
  readonly by: readonly string[];
  /** The catalogue id an operator added it as (issue 49), once added. */
  readonly addedAs?: string;
}

/** A requested campus added to the catalogue (issue 49). */
export interface AddedCampus {
  readonly name: string;
  readonly subname: string;
  readonly shortName: string;
  /** The pending campus it was. */
  readonly pendingId: string;
  /** The Mexican state the operator typed (issue 61; none when added by the command without it). */
  readonly state?: string;
  /** The university's e-mail domains the operator typed (issue 61). */
  readonly domains?: readonly string[];
}

/**
 * The campus requests' slice: the requests, and the campuses an operator made of them (written
 * by `addCampus`, memory-campuses.ts; read by the search and wherever a campus is named).
 */
export const campusRequestsSlice: Slice<'campusRequests' | 'addedCampuses'> = {
  empty: () => ({ campusRequests: {}, addedCampuses: {} }),
  parse: (d) => ({
    campusRequests: recordOf(
      d.campusRequests,
      (v): v is RequestedCampus =>
        typeof v === 'object' &&
        v !== null &&
        isString((v as RequestedCampus).name) &&
        isString((v as RequestedCampus).city) &&
        isPendingCampusId((v as RequestedCampus).id) &&
        Array.isArray((v as RequestedCampus).by) &&
        (v as RequestedCampus).by.every(isString) &&
        ((v as RequestedCampus).addedAs === undefined ||
          isCollegeId((v as RequestedCampus).addedAs)),
    ),
    addedCampuses: Object.fromEntries(
      Object.entries(
        recordOf(
          d.addedCampuses,
          (v): v is AddedCampus =>
            isObject(v) &&
            isString((v as AddedCampus).name) &&
            isString((v as AddedCampus).subname) &&
            isString((v as AddedCampus).shortName) &&
            isPendingCampusId((v as AddedCampus).pendingId) &&
            ((v as AddedCampus).state === undefined || isString((v as AddedCampus).state)) &&
            ((v as AddedCampus).domains === undefined ||
              (Array.isArray((v as AddedCampus).domains) &&
                (v as AddedCampus).domains!.every(isString))),
        ),
      ).filter(([id]) => isCollegeId(id)),
    ),
  }),
  withoutStudent: (state, uid) => ({
    campusRequests: Object.fromEntries(
      Object.entries(state.campusRequests).flatMap(([key, r]) => {
        const by = r.by.filter((asker) => asker !== uid);
        // An added campus's request stays (it names the campus it became), its askers go.
        return by.length || r.addedAs ? [[key, { ...r, by }]] : [];
      }),
    ),
  }),
};

/** The requested campus of a pending id, with its key, or null. */
export function requestOfPending(state: MemoryState, id: string) {
  for (const [key, request] of Object.entries(state.campusRequests)) {
    if (request.id === id) return { key, request };
  }
  return null;
}

/** A campus's names: the catalogue's, an added one's, or a pending request's. */
export function campusNamesOf(
  state: MemoryState,
  id: string,
): { name: string; subname: string; shortName: string } {
  if (Object.hasOwn(state.addedCampuses, id)) {
    const { name, subname, shortName } = state.addedCampuses[id]!;
    return { name, subname, shortName };
  }
  const pending = isPendingCampusId(id) ? requestOfPending(state, id) : null;
  if (pending) {
    const { name, city } = pending.request;
    return { name, subname: city, shortName: `${name} (pendiente)` };
  }
  const { name, subname, shortName } = collegeOfId(id);
  return { name, subname, shortName };
}

/** A campus of the built catalogue or one an operator added: one to launch (not a pending one). */
export function isListedCampus(state: MemoryState, id: string): boolean {
  return isCollegeId(id) && (isCatalogueCollege(id) || Object.hasOwn(state.addedCampuses, id));
}

/**
 * How e-mails name a campus: the catalogue's short name, an added one's; a pending one generically
 * (issue 59: never the text a student typed).
 */
export const campusLabelOf = (state: MemoryState, id: string): string =>
  mailCampusLabel(id, campusNamesOf(state, id).shortName);

/** The campus requests' operator control (`addCampus` is memory-campuses.ts's). */
export interface CampusRequestsControls {
  /**
   * 'Mi campus no aparece': each requested campus as first written, how many asked, its pending
   * id (issue 49: what `addCampus` takes) and the catalogue id it was added as.
   */
  campusRequests(): {
    name: string;
    city: string;
    requests: number;
    id: string;
    addedAs: string | null;
  }[];
}

export const campusRequestsControls = ({ store }: MemoryContext): CampusRequestsControls => ({
  campusRequests: () =>
    Object.values(store.read().campusRequests).map(({ name, city, by, id, addedAs }) => ({
      name,
      city,
      requests: by.length,
      id,
      addedAs: addedAs ?? null,
    })),
});

/** The requests "server": checks each request again and counts one per student and campus. */
export function createMemoryCampusRequests({ store, controls }: MemoryContext): CampusRequests {
  return {
    async request(uid, given) {
      await controls.enter('requestCampus');
      assertSignedIn(store.read(), uid, 'request a campus');
      const parsed = parseCampusRequest(given);
      if (!parsed.ok) throw campusRequestError(parsed.invalid);
      const key = campusRequestKey(parsed.request);
      const id = await pendingCampusIdOf(key);
      // The count and the write in one step, as the real backends (a transaction, a lock).
      let full = false;
      let answer: PendingCampus = { id, ...parsed.request };
      store.update((s) => {
        const held = Object.hasOwn(s.campusRequests, key) ? s.campusRequests[key] : undefined;
        // As the first student who asked wrote it; once added, the catalogue's campus.
        if (held) answer = { id: held.addedAs ?? held.id, name: held.name, city: held.city };
        if (held?.by.includes(uid)) return s; // a repeat counts once
        const mine = Object.values(s.campusRequests).filter((r) => r.by.includes(uid));
        if (mine.length >= MAX_REQUESTS_PER_STUDENT) {
          full = true;
          return s;
        }
        return {
          ...s,
          campusRequests: {
            ...s.campusRequests,
            [key]: held ? { ...held, by: [...held.by, uid] } : { id, ...parsed.request, by: [uid] },
          },
        };
      });
      if (full)
        throw new AppError('resource-exhausted', 'Too many campus requests from one student');
      return answer;
    },
  };
}
