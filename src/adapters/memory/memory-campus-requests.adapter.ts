import type { CampusRequests } from '@/ports/campus-requests.port';
import {
  campusRequestError,
  campusRequestKey,
  MAX_REQUESTS_PER_STUDENT,
  parseCampusRequest,
  pendingCampusIdOf,
  type PendingCampus,
} from '@/domain/campus-request';
import { AppError } from '@/domain/errors';
import type { Controls } from './memory-controls';
import type { StateStore } from './memory-state';

/** The requests "server": checks each request again and counts one per student and campus. */
export function createMemoryCampusRequests({
  store,
  controls,
}: {
  store: StateStore;
  controls: Controls;
}): CampusRequests {
  return {
    async request(uid, given) {
      await controls.enter('requestCampus');
      if (store.read().sessionUid !== uid) {
        throw new AppError('permission-denied', 'Only the signed-in user may request a campus');
      }
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
