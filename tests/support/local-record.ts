import { createLocalRecord } from '@/adapters/browser/local-record.adapter';
import { memoryStorage } from './memory-storage';

/**
 * The in-memory twin of the browser's local record: the same adapter over a Map, and a hand-fired
 * stand-in for the 'storage' event another tab would cause (`changedElsewhere(key)`).
 */
export function memoryLocalRecord(storage = memoryStorage()) {
  const listeners = new Set<(key: string | null) => void>();
  const record = createLocalRecord({
    storage,
    onExternalChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  });
  return {
    record,
    storage,
    changedElsewhere: (key: string | null) => listeners.forEach((l) => l(key)),
  };
}
