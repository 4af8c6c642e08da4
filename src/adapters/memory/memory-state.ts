import type { User } from '@/domain/user';

/** The minimal Storage surface the memory backend needs (window.localStorage in the browser). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** One namespaced key holds the whole backend, so a reload or a second tab sees the same data. */
export const MEMORY_STATE_KEY = 'de-estudiantes:memory-backend:v1';

export interface StoredEntry {
  readonly email: string;
  readonly collegeId: string;
  /** ISO 8601 */
  readonly timestamp: string;
}

export interface MemoryState {
  readonly accounts: readonly User[];
  readonly sessionUid: string | null;
  readonly entries: Readonly<Record<string, StoredEntry>>;
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
});

const isString = (v: unknown): v is string => typeof v === 'string';

function parseUser(value: unknown): User | null {
  const v = value as Partial<Record<keyof User, unknown>> | null;
  return v && isString(v.uid) && isString(v.email) && isString(v.displayName)
    ? { uid: v.uid, email: v.email, displayName: v.displayName }
    : null;
}

function parseEntry(value: unknown): StoredEntry | null {
  const v = value as Partial<Record<keyof StoredEntry, unknown>> | null;
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
  const entries: Record<string, StoredEntry> = {};
  if (typeof d.entries === 'object' && d.entries !== null) {
    for (const [uid, value] of Object.entries(d.entries)) {
      const entry = parseEntry(value);
      if (entry) entries[uid] = entry;
    }
  }
  const sessionUid =
    isString(d.sessionUid) && accounts.some((a) => a.uid === d.sessionUid) ? d.sessionUid : null;
  return { accounts: accounts.length ? accounts : DEMO_ACCOUNTS, sessionUid, entries };
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
