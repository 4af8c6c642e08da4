import { type College, parseCollege } from '@/domain/college';
import type { StoredWaitlistEntry } from '@/domain/waitlist-entry';

/**
 * The locally persisted values of spec section 3, stored as JSON under these exact keys. Any
 * stored string, however corrupted, hand-edited or huge, reads as a valid value (absent = default).
 */
export interface LocalValues {
  readonly waitlistEmail: string;
  readonly waitlistDocId: string | null;
  readonly waitlistData: StoredWaitlistEntry | null;
  readonly selectedCollege: College | null;
}

export type LocalKey = keyof LocalValues;
export const LOCAL_KEYS: readonly LocalKey[] = [
  'waitlistEmail',
  'waitlistDocId',
  'waitlistData',
  'selectedCollege',
];

export const LOCAL_DEFAULTS: LocalValues = {
  waitlistEmail: '',
  waitlistDocId: null,
  waitlistData: null,
  selectedCollege: null,
};

/** Longer stored values are not ours: they are ignored without being parsed. */
export const MAX_STORED_LENGTH = 4096;
const MAX_TEXT = 320;

const shortText = (v: unknown): string | null =>
  typeof v === 'string' && v.length > 0 && v.length <= MAX_TEXT ? v : null;

const parsers: { [K in LocalKey]: (value: unknown) => LocalValues[K] } = {
  waitlistEmail: (v) => shortText(v) ?? '',
  waitlistDocId: (v) => shortText(v),
  waitlistData: (v) => {
    if (typeof v !== 'object' || v === null) return null;
    const d = v as Record<string, unknown>;
    const email = shortText(d.email);
    const collegeId = shortText(d.collegeId);
    const timestamp = shortText(d.timestamp);
    return email && collegeId && timestamp ? { email, collegeId, timestamp } : null;
  },
  selectedCollege: (v) => parseCollege(v),
};

/** Parses one stored string for `key`; never throws. */
export function parseLocalValue<K extends LocalKey>(key: K, raw: string | null): LocalValues[K] {
  if (raw === null || raw.length > MAX_STORED_LENGTH) return LOCAL_DEFAULTS[key];
  try {
    return parsers[key](JSON.parse(raw));
  } catch {
    return LOCAL_DEFAULTS[key];
  }
}
