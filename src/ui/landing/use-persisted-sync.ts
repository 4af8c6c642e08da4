import { useEffect } from 'react';
import { PERSISTED_KEYS, type PersistedKey } from '@/ui/persistence/persisted-values';
import { useAppStoreApi } from '@/ui/store/store-context';

/** Keeps the persisted values in sync with other tabs (the 'storage' event). */
export function usePersistedSync(): void {
  const store = useAppStoreApi();
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === null)
        return PERSISTED_KEYS.forEach((k) => store.getState().syncPersisted(k));
      if ((PERSISTED_KEYS as readonly string[]).includes(event.key)) {
        store.getState().syncPersisted(event.key as PersistedKey);
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [store]);
}
