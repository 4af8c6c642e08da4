import type { WaitlistRepo } from '@/ports/waitlist-repo.port';
import { MEMORY_STATE_KEY } from '@/adapters/memory/memory-state';
import type { KeyValueStorage } from '@/ports/key-value-storage.port';

/**
 * A waitlist whose every change of campus comes over a minute after the last one: before each,
 * `age` moves the last change back behind the port (issue 59: a campus changes at most once a
 * minute). For the suites that change a campus several times and are about something else.
 */
export const spacedCollegeChanges = (
  repo: WaitlistRepo,
  age: (uid: string) => Promise<void>,
): WaitlistRepo => ({
  ...repo,
  changeCollege: async (uid, collegeId) => {
    await age(uid).catch(() => {});
    return repo.changeCollege(uid, collegeId);
  },
});

/** The memory backend's last change of a student's campus forgotten, in its stored state. */
export const ageMemoryCollegeChange = (storage: KeyValueStorage, uid: string): void => {
  const raw = storage.getItem(MEMORY_STATE_KEY);
  if (!raw) return;
  const state = JSON.parse(raw) as { collegeChanges?: Record<string, string> };
  if (!state.collegeChanges?.[uid]) return;
  delete state.collegeChanges[uid];
  storage.setItem(MEMORY_STATE_KEY, JSON.stringify(state));
};
