import type { CampusProgressRepo } from '@/ports/campus-progress.port';
import {
  type CampusSettings,
  DEFAULT_SETTINGS,
  type MyCampus,
  publicProgress,
} from '@/domain/campus-progress';
import { emailInDomains } from '@/domain/email-domain';
import { addressInDomains, normalizeAddress } from '@/domain/email-verification';
import { AppError } from '@/domain/errors';
import { COLLEGE_CATALOGUE } from '@/data/college-catalogue';
import { universityEmailOf, type UniversityEmail } from '@/data/university-email';
import type { Controls } from './memory-controls';
import { campusNamesOf, type MemoryState, type StateStore } from './memory-state';

const EMAIL_OF_CAMPUS = new Map<string, UniversityEmail | null>(
  COLLEGE_CATALOGUE.map((entry) => [entry.id, universityEmailOf(entry)]),
);

/** The campus's e-mail domains and wording (none for a campus outside the catalogue). */
export const campusEmail = (collegeId: string): UniversityEmail | null =>
  EMAIL_OF_CAMPUS.get(collegeId) ?? null;

/**
 * The university address a student counts with for their campus (issue 48), or null: the address
 * they verified by a code when it is of their campus's university, else their sign-in address
 * when it is one, normalized, and no other account verified it by a code.
 */
export function countedAddress(state: MemoryState, uid: string): string | null {
  const entry = Object.hasOwn(state.entries, uid) ? state.entries[uid] : undefined;
  if (!entry) return null;
  const domains = campusEmail(entry.collegeId)?.domains ?? [];
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

/** The campus progress "server": counts, floors and verifies from the stored state. */
/** The operators' settings of a campus, by own key only (an id such as `constructor` has none). */
export const campusSettingsOf = (state: MemoryState, collegeId: string): CampusSettings =>
  (Object.hasOwn(state.campusSettings, collegeId) && state.campusSettings[collegeId]) ||
  DEFAULT_SETTINGS;

export function createMemoryCampusProgress({
  store,
  controls,
}: {
  store: StateStore;
  controls: Controls;
}): CampusProgressRepo {
  return {
    async mine(uid): Promise<MyCampus> {
      await controls.enter('campusProgress');
      const state = store.read();
      if (state.sessionUid !== uid) {
        throw new AppError('permission-denied', 'Only the signed-in user may read their campus');
      }
      const entry = state.entries[uid];
      if (!entry) throw new AppError('not-found', 'No waitlist entry');
      const { collegeId } = entry;
      return {
        progress: publicProgress(
          collegeId,
          verifiedCount(state, collegeId),
          campusSettingsOf(state, collegeId),
        ),
        verified: countedAddress(state, uid) !== null,
        university: campusEmail(collegeId)?.of ?? null,
        names: campusNamesOf(state, collegeId),
      };
    },
  };
}
