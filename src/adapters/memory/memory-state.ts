import type { KeyValueStorage } from '@/ports/key-value-storage.port';
import type { User } from '@/domain/user';
import type { StoredWaitlistEntry } from '@/domain/waitlist-entry';

/** One namespaced key holds the whole backend, so a reload or a second tab sees the same data. */
export const MEMORY_STATE_KEY = 'de-estudiantes:memory-backend:v1';

export interface MemoryState {
  readonly accounts: readonly User[];
  readonly sessionUid: string | null;
  readonly entries: Readonly<Record<string, StoredWaitlistEntry>>;
  /** Hero-strip consents, keyed by uid: when each was given (ISO 8601). */
  readonly consents: Readonly<Record<string, string>>;
}

/** Demo student accounts offered by the in-page account chooser. */
export const DEMO_ACCOUNTS: readonly User[] = [
  { uid: 'demo-ana', email: 'ana.garcia@alumnos.udg.mx', displayName: 'Ana García' },
  { uid: 'demo-luis', email: 'luis.hernandez@alumnos.udg.mx', displayName: 'Luis Hernández' },
  { uid: 'demo-sofia', email: 'sofia.ramirez@tec.mx', displayName: 'Sofía Ramírez' },
  { uid: 'demo-diego', email: 'diego.lopez@iteso.mx', displayName: 'Diego López' },
];

export const emptyState = (): MemoryState => ({
  accounts: DEMO_ACCOUNTS,
  sessionUid: null,
  entries: {},
  consents: {},
});

const isString = (v: unknown): v is string => typeof v === 'string';

function parseUser(value: unknown): User | null {
  const v = value as Partial<Record<keyof User, unknown>> | null;
  return v && isString(v.uid) && isString(v.email) && isString(v.displayName)
    ? { uid: v.uid, email: v.email, displayName: v.displayName }
    : null;
}

function parseEntry(value: unknown): StoredWaitlistEntry | null {
  const v = value as Partial<Record<keyof StoredWaitlistEntry, unknown>> | null;
  return v && isString(v.email) && isString(v.collegeId) && isString(v.timestamp)
    ? { email: v.email, collegeId: v.collegeId, timestamp: v.timestamp }
    : null;
}

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
  const d = data as Record<string, unknown>;
  const accounts = Array.isArray(d.accounts)
    ? d.accounts.map(parseUser).filter((u): u is User => u !== null)
    : [];
  const entries: Record<string, StoredWaitlistEntry> = {};
  if (typeof d.entries === 'object' && d.entries !== null) {
    for (const [uid, value] of Object.entries(d.entries)) {
      const entry = parseEntry(value);
      if (entry) entries[uid] = entry;
    }
  }
  const consents: Record<string, string> = {};
  if (typeof d.consents === 'object' && d.consents !== null) {
    for (const [uid, value] of Object.entries(d.consents)) {
      if (isString(value) && !Number.isNaN(Date.parse(value))) consents[uid] = value;
    }
  }
  const sessionUid =
    isString(d.sessionUid) && accounts.some((a) => a.uid === d.sessionUid) ? d.sessionUid : null;
  return { accounts: accounts.length ? accounts : DEMO_ACCOUNTS, sessionUid, entries, consents };
}

/** Read-modify-write access to the stored state. */
export function createStateStore(storage: KeyValueStorage) {
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
    update(change: (state: MemoryState) => MemoryState): MemoryState {
      const next = change(read());
      write(next);
      return next;
    },
    clear(): void {
      storage.removeItem(MEMORY_STATE_KEY);
    },
  };
}

export type StateStore = ReturnType<typeof createStateStore>;
