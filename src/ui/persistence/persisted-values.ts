import { type College, parseCollege } from '@/domain/college';

/**
 * The locally persisted values of spec section 3, stored as JSON under these exact keys. Any
 * stored string, however corrupted, hand-edited or huge, reads as a valid value (absent = default).
 */
export interface PersistedWaitlistData {
  readonly email: string;
  readonly collegeId: string;
  /** ISO 8601 */
  readonly timestamp: string;
}

export interface PersistedValues {
  readonly waitlistEmail: string;
  readonly waitlistDocId: string | null;
  readonly waitlistData: PersistedWaitlistData | null;
  readonly selectedCollege: College | null;
}

export type PersistedKey = keyof PersistedValues;
export const PERSISTED_KEYS: readonly PersistedKey[] = [
  'waitlistEmail',
  'waitlistDocId',
  'waitlistData',
  'selectedCollege',
];

export const PERSISTED_DEFAULTS: PersistedValues = {
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

const parsers: { [K in PersistedKey]: (value: unknown) => PersistedValues[K] } = {
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
export function parsePersisted<K extends PersistedKey>(
  key: K,
  raw: string | null,
): PersistedValues[K] {
  if (raw === null || raw.length > MAX_STORED_LENGTH) return PERSISTED_DEFAULTS[key];
  try {
    return parsers[key](JSON.parse(raw));
  } catch {
    return PERSISTED_DEFAULTS[key];
  }
}

/** Minimal storage surface (window.localStorage in the browser). */
export interface StringStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function readPersisted(storage: StringStorage | null): PersistedValues {
  const read = (key: PersistedKey): string | null => {
    try {
      return storage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  };
  return {
    waitlistEmail: parsePersisted('waitlistEmail', read('waitlistEmail')),
    waitlistDocId: parsePersisted('waitlistDocId', read('waitlistDocId')),
    waitlistData: parsePersisted('waitlistData', read('waitlistData')),
    selectedCollege: parsePersisted('selectedCollege', read('selectedCollege')),
  };
}

/** Writes values as JSON; a full or unavailable storage is ignored (the page keeps working). */
export function writePersisted(storage: StringStorage | null, values: Partial<PersistedValues>) {
  for (const [key, value] of Object.entries(values)) {
    try {
      if (value === null || value === undefined) storage?.removeItem(key);
      else storage?.setItem(key, JSON.stringify(value));
    } catch {
      // Quota exceeded or storage disabled: the in-memory state still holds the value.
    }
  }
}
