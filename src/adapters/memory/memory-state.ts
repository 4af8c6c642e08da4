import type { KeyValueStorage } from '@/ports/key-value-storage.port';
import { authSlice } from './memory-auth.adapter';
import { campusLaunchSlice } from './memory-campus-launch';
import { campusProgressSlice } from './memory-campus-progress.adapter';
import { campusRequestsSlice } from './memory-campus-requests.adapter';
import { emailVerificationsSlice } from './memory-email-verifications.adapter';
import { failureReportsSlice } from './memory-failure-reports.adapter';
import { heroConsentSlice } from './memory-hero-consent.adapter';
import { heroImagesSlice } from './memory-hero-images.adapter';
import { invitesSlice } from './memory-invites.adapter';
import { joinSourcesSlice } from './memory-join-sources.adapter';
import { leaveLinksSlice } from './memory-leave-links.adapter';
import { mailSlice } from './memory-mail.adapter';
import { operatorsSlice } from './memory-operators';
import { retentionSlice } from './memory-retention';
import { sellerChoicesSlice } from './memory-seller-choices.adapter';
import type { MemoryState, Slice, StateStore, StoredObject } from './memory-store';
import { waitlistSlice } from './memory-waitlist.adapter';

/**
 * The stored state, composed of the features' slices: each feature's file declares its fields,
 * their empty value, their parser and what of them goes with a student (memory-store.ts's Slice).
 * The state is one flat JSON object, as every earlier version wrote it, under one key.
 */

/** One namespaced key holds the whole backend, so a reload or a second tab sees the same data. */
export const MEMORY_STATE_KEY = 'de-estudiantes:memory-backend:v1';

/** Every slice of the stored state. */
const SLICES = [
  authSlice,
  waitlistSlice,
  heroConsentSlice,
  heroImagesSlice,
  failureReportsSlice,
  campusProgressSlice,
  invitesSlice,
  emailVerificationsSlice,
  campusRequestsSlice,
  sellerChoicesSlice,
  joinSourcesSlice,
  campusLaunchSlice,
  mailSlice,
  leaveLinksSlice,
  operatorsSlice,
  retentionSlice,
] as const;

/** The fields a slice declares. */
type FieldsOf<S> = S extends Slice<infer K> ? K : never;
/** The compiler's check that every field of MemoryState belongs to a slice listed above. */
const EVERY_FIELD_IN_A_SLICE: [
  Exclude<keyof MemoryState, FieldsOf<(typeof SLICES)[number]>>,
] extends [never]
  ? true
  : never = true;
void EVERY_FIELD_IN_A_SLICE;

/**
 * The slices' parts, side by side: the whole state. (Spread one by one, not Object.assign'd at
 * once: V8 keeps such an object's fields fast, and the state is read on every call.)
 */
const composed = (part: (slice: (typeof SLICES)[number]) => object): MemoryState =>
  SLICES.reduce((state, slice) => ({ ...state, ...part(slice) }), {}) as MemoryState;

export const emptyState = (): MemoryState => composed((slice) => slice.empty());

/** Reads the stored state; anything unreadable (not JSON, wrong shape) gives the empty state. */
export function parseMemoryState(raw: string | null): MemoryState {
  if (!raw) return emptyState();
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return emptyState();
  }
  if (typeof data !== 'object' || data === null) return emptyState();
  return composed((slice) => slice.parse(data as StoredObject));
}

/** The state without anything kept of one student (their provider account stays: Google's). */
export const withoutStudent = (state: MemoryState, uid: string): MemoryState => ({
  ...state,
  ...composed((slice) => slice.withoutStudent?.(state, uid) ?? {}),
});

/** Read-modify-write access to the stored state. */
export function createStateStore(storage: KeyValueStorage): StateStore {
  const read = (): MemoryState => {
    try {
      return parseMemoryState(storage.getItem(MEMORY_STATE_KEY));
    } catch {
      return emptyState();
    }
  };
  const write = (state: MemoryState): void => {
    storage.setItem(MEMORY_STATE_KEY, JSON.stringify(state));
  };
  return {
    read,
    update(change) {
      const next = change(read());
      write(next);
      return next;
    },
    clear(): void {
      storage.removeItem(MEMORY_STATE_KEY);
    },
    withoutStudent,
  };
}
