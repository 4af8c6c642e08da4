import type { CampusProgressRepo } from '@/ports/campus-progress.port';
import {
  type CampusProgress,
  type CampusSettings,
  DEFAULT_SETTINGS,
  isCampusState,
  isThreshold,
  type MyCampus,
  parseDay,
  parseSettings,
  publicProgress,
} from '@/domain/campus-progress';
import { isCollegeId } from '@/domain/college';
import { emailInDomains } from '@/domain/email-domain';
import { addressInDomains, normalizeAddress } from '@/domain/email-verification';
import { AppError } from '@/domain/errors';
import { isSellerMinimum } from '@/domain/operator/readiness';
import { COLLEGE_CATALOGUE } from '@/data/college-catalogue';
import { universityEmailOf, type UniversityEmail } from '@/data/university-email';
import { assertSignedIn } from './memory-auth.adapter';
import { campusNamesOf, isListedCampus } from './memory-campus-requests.adapter';
import type { MemoryContext, MemoryState, Slice } from './memory-store';
import { isCount, isObject, recordOf } from './memory-values';

declare module './memory-store' {
  interface MemoryState {
    /**
     * The operators' threshold, state, opening date and (issue 61) verified-seller minimum of
     * each campus, keyed by college id.
     */
    readonly campusSettings: Readonly<Record<string, StoredCampusSettings>>;
    /**
     * Verified students of each campus that are not accounts here (a developer's `addClassmates`),
     * so that a campus's progress can be seen past the floor offline.
     */
    readonly classmates: Readonly<Record<string, number>>;
  }
}

/**
 * A campus's stored settings: the page's, and the verified sellers its launch needs (issue 61; a
 * state stored before has none: DEFAULT_SELLER_MINIMUM).
 */
export type StoredCampusSettings = CampusSettings & { readonly sellerMinimum?: number };

/** Stored settings read back: anything invalid reads as the default, a bad minimum as none. */
const parseStoredSettings = (value: unknown): StoredCampusSettings => {
  const { sellerMinimum } = (isObject(value) ? value : {}) as { sellerMinimum?: unknown };
  return { ...parseSettings(value), ...(isSellerMinimum(sellerMinimum) ? { sellerMinimum } : {}) };
};

/** The campus progress's slice: the operators' settings and the simulated classmates, by campus. */
export const campusProgressSlice: Slice<'campusSettings' | 'classmates'> = {
  empty: () => ({ campusSettings: {}, classmates: {} }),
  parse: (d) => ({
    campusSettings: Object.fromEntries(
      Object.entries(recordOf(d.campusSettings, isObject))
        .filter(([id]) => isCollegeId(id))
        .map(([id, settings]) => [id, parseStoredSettings(settings)]),
    ),
    classmates: Object.fromEntries(
      Object.entries(recordOf(d.classmates, isCount)).filter(([id]) => isCollegeId(id)),
    ),
  }),
};

const EMAIL_OF_CAMPUS = new Map<string, UniversityEmail | null>(
  COLLEGE_CATALOGUE.map((entry) => [entry.id, universityEmailOf(entry)]),
);

/** The campus's e-mail domains and wording (none for a campus outside the catalogue). */
export const campusEmail = (collegeId: string): UniversityEmail | null =>
  EMAIL_OF_CAMPUS.get(collegeId) ?? null;

/**
 * The campus's e-mail domains: the catalogue's, or those an operator typed when adding it
 * (issue 61: its students verify as a catalogue campus's do); none for any other id.
 */
export const campusDomainsOf = (state: MemoryState, collegeId: string): readonly string[] =>
  campusEmail(collegeId)?.domains ??
  (Object.hasOwn(state.addedCampuses, collegeId)
    ? state.addedCampuses[collegeId]?.domains
    : null) ??
  [];

/**
 * The university address a student counts with for their campus (issue 48), or null: the address
 * they verified by a code when it is of their campus's university, else their sign-in address
 * when it is one, normalized, and no other account verified it by a code.
 */
export function countedAddress(state: MemoryState, uid: string): string | null {
  const entry = Object.hasOwn(state.entries, uid) ? state.entries[uid] : undefined;
  if (!entry) return null;
  const domains = campusDomainsOf(state, entry.collegeId);
  const byCode = Object.hasOwn(state.verifications, uid) ? state.verifications[uid] : undefined;
  if (byCode && addressInDomains(byCode.address, domains)) return byCode.address;
  if (!emailInDomains(entry.email, domains)) return null;
  const address = normalizeAddress(entry.email);
  const heldByAnother = Object.entries(state.verifications).some(
    ([other, v]) => other !== uid && v.address === address,
  );
  return address && !heldByAnother ? address : null;
}

/**
 * The true count of verified students of a campus: the distinct university addresses its
 * students count with (countedAddress), plus the simulated classmates a developer added
 * (`addClassmates`). Computed from the entries at each read, so it always equals a recount.
 */
export function verifiedCount(state: MemoryState, collegeId: string): number {
  const addresses = new Set<string>();
  for (const [uid, entry] of Object.entries(state.entries)) {
    if (entry.collegeId !== collegeId) continue;
    const address = countedAddress(state, uid);
    if (address) addresses.add(address);
  }
  return addresses.size + (state.classmates[collegeId] ?? 0);
}

/** The operators' settings of a campus, by own key only (an id such as `constructor` has none). */
export const campusSettingsOf = (state: MemoryState, collegeId: string): StoredCampusSettings =>
  (Object.hasOwn(state.campusSettings, collegeId) && state.campusSettings[collegeId]) ||
  DEFAULT_SETTINGS;

/** A campus's progress as the page may show it: its true count and settings, floored. */
export const progressOf = (state: MemoryState, collegeId: string): CampusProgress =>
  publicProgress(collegeId, verifiedCount(state, collegeId), campusSettingsOf(state, collegeId));

/** The campus progress "server": counts, floors and verifies from the stored state. */
export function createMemoryCampusProgress({ store, controls }: MemoryContext): CampusProgressRepo {
  return {
    async mine(uid): Promise<MyCampus> {
      await controls.enter('campusProgress');
      const state = store.read();
      assertSignedIn(state, uid, 'read their campus');
      const entry = state.entries[uid];
      if (!entry) throw new AppError('not-found', 'No waitlist entry');
      const { collegeId } = entry;
      return {
        progress: progressOf(state, collegeId),
        verified: countedAddress(state, uid) !== null,
        university: campusEmail(collegeId)?.of ?? null,
        names: campusNamesOf(state, collegeId),
      };
    },
    async ofCampus(collegeId): Promise<CampusProgress | null> {
      await controls.enter('publicCampusProgress');
      const state = store.read();
      // A campus of the catalogue or one an operator added; never a pending one (issue 60).
      if (!isListedCampus(state, collegeId)) return null;
      return progressOf(state, collegeId);
    },
  };
}

/** The campus progress's operator controls (`npm run campus:set` on the real backends). */
export interface CampusProgressControls {
  /**
   * The operators' command for a campus (`npm run campus:set` on the real backends): its
   * threshold, state ('gathering', 'opening', 'open'), opening date (`YYYY-MM-DD`, or null) and
   * verified-seller minimum (issue 61). What is left out stays; anything invalid throws and
   * changes nothing.
   */
  setCampus(collegeId: string, settings: Partial<StoredCampusSettings>): void;
  /** Adds `count` verified students to a campus who are not accounts here (demo figures). */
  addClassmates(collegeId: string, count: number): void;
  /** The campus's true count of verified students (admin-only: the page gets it floored). */
  verifiedCount(collegeId: string): number;
}

/** The id, or a TypeError for an operator's typo. */
export const campusId = (collegeId: string): string => {
  if (!isCollegeId(collegeId)) throw new TypeError(`Not a college id: ${String(collegeId)}`);
  return collegeId;
};

export function campusProgressControls({ store }: MemoryContext): CampusProgressControls {
  return {
    setCampus(collegeId, change) {
      const id = campusId(collegeId);
      if (change.threshold !== undefined && !isThreshold(change.threshold)) {
        throw new TypeError(`Not a threshold (1 to 100000): ${String(change.threshold)}`);
      }
      if (change.state !== undefined && !isCampusState(change.state)) {
        throw new TypeError(
          `Not a campus state (gathering, opening, open): ${String(change.state)}`,
        );
      }
      if (change.opensOn !== undefined && change.opensOn !== null && !parseDay(change.opensOn)) {
        throw new TypeError(`Not a day (YYYY-MM-DD): ${String(change.opensOn)}`);
      }
      if (change.sellerMinimum !== undefined && !isSellerMinimum(change.sellerMinimum)) {
        throw new TypeError(`Not a seller minimum (0 to 10000): ${String(change.sellerMinimum)}`);
      }
      store.update((state) => ({
        ...state,
        campusSettings: {
          ...state.campusSettings,
          [id]: parseStoredSettings({ ...state.campusSettings[id], ...change }),
        },
      }));
    },
    addClassmates(collegeId, count) {
      const id = campusId(collegeId);
      if (!Number.isSafeInteger(count) || count < 0) throw new TypeError(`Not a count: ${count}`);
      store.update((state) => ({
        ...state,
        classmates: { ...state.classmates, [id]: (state.classmates[id] ?? 0) + count },
      }));
    },
    verifiedCount: (collegeId) => verifiedCount(store.read(), collegeId),
  };
}
