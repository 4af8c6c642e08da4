import type { CampusProgressRepo } from '@/ports/campus-progress.port';
import {
  type CampusSettings,
  DEFAULT_SETTINGS,
  type MyCampus,
  publicProgress,
} from '@/domain/campus-progress';
import { emailInDomains } from '@/domain/email-domain';
import { AppError } from '@/domain/errors';
import { COLLEGE_CATALOGUE } from '@/data/college-catalogue';
import { universityEmailOf, type UniversityEmail } from '@/data/university-email';
import type { Controls } from './memory-controls';
import type { MemoryState, StateStore } from './memory-state';

const EMAIL_OF_CAMPUS = new Map<string, UniversityEmail | null>(
  COLLEGE_CATALOGUE.map((entry) => [entry.id, universityEmailOf(entry)]),
);

/** The campus's e-mail domains and wording (none for a campus outside the catalogue). */
export const campusEmail = (collegeId: string): UniversityEmail | null =>
  EMAIL_OF_CAMPUS.get(collegeId) ?? null;

/** Whether the address verifies a student of the campus (the domain rule, on the "server"). */
export const isVerifiedFor = (email: string, collegeId: string): boolean =>
  emailInDomains(email, campusEmail(collegeId)?.domains ?? []);

/**
 * The true count of verified students of a campus: entries whose e-mail is on the campus's
 * domains, plus the simulated classmates a developer added (`addClassmates`). Computed from the
 * entries at each read, so it always equals a recount.
 */
export const verifiedCount = (state: MemoryState, collegeId: string): number =>
  Object.values(state.entries).filter(
    (entry) => entry.collegeId === collegeId && isVerifiedFor(entry.email, collegeId),
  ).length + (state.classmates[collegeId] ?? 0);

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
        verified: isVerifiedFor(entry.email, collegeId),
        university: campusEmail(collegeId)?.of ?? null,
      };
    },
  };
}
