import type { KeyValueStorage } from '@/ports/key-value-storage.port';
import type { LocalRecord } from '@/ports/local-record.port';
import {
  LOCAL_KEYS,
  type LocalKey,
  type LocalValues,
  parseLocalValue,
} from '@/domain/local-record';

export interface LocalRecordOptions {
  /** Where the values live (localStorage); null when the browser gives none. */
  readonly storage: KeyValueStorage | null;
  /** Tells of a change made in another tab to one key (null: everything may have changed). */
  readonly onExternalChange?: (listener: (key: string | null) => void) => () => void;
}

/**
 * The local record over a string storage: one JSON value per key of spec section 3. Reading
 * never throws and corrupted values read as defaults; writing ignores a full or disabled storage.
 * Over a Map it is the in-memory twin the tests use.
 */
export function createLocalRecord({ storage, onExternalChange }: LocalRecordOptions): LocalRecord {
  const get = (key: LocalKey): string | null => {
    try {
      return storage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  };
  return {
    read: () =>
      Object.fromEntries(LOCAL_KEYS.map((key) => [key, parseLocalValue(key, get(key))])) as {
        [K in LocalKey]: LocalValues[K];
      },
    save(values) {
      for (const [key, value] of Object.entries(values)) {
        try {
          if (value === null || value === undefined) storage?.removeItem(key);
          else storage?.setItem(key, JSON.stringify(value));
        } catch {
          // Quota exceeded or storage disabled: the page's state still holds the value.
        }
      }
    },
    clear() {
      for (const key of LOCAL_KEYS) {
        try {
          storage?.removeItem(key);
        } catch {
          // A disabled storage holds nothing to clear.
        }
      }
    },
    onExternalChange(listener) {
      if (!onExternalChange) return () => {};
      return onExternalChange((key) => {
        if (key === null || (LOCAL_KEYS as readonly string[]).includes(key)) listener();
      });
    },
  };
}

/** The browser's local record: localStorage, and the 'storage' event for the other tabs. */
export function createBrowserLocalRecord(): LocalRecord {
  let storage: KeyValueStorage | null;
  try {
    storage = window.localStorage;
  } catch {
    storage = null;
  }
  return createLocalRecord({
    storage,
    onExternalChange: (listener) => {
      const onStorage = (event: StorageEvent) => listener(event.key);
      window.addEventListener('storage', onStorage);
      return () => window.removeEventListener('storage', onStorage);
    },
  });
}
