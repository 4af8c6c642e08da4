import { chooseAccountInDialog } from './account-chooser.dialog';
import {
  createMemoryBackend,
  type MemoryBackend,
  type MemoryBackendControls,
} from './memory-backend';
import type { MemoryBackendConfig } from './memory-controls';
import { MEMORY_STATE_KEY } from './memory-state';

declare global {
  interface Window {
    __memoryBackend?: MemoryBackendControls;
    __memoryBackendConfig?: MemoryBackendConfig;
  }
}

/**
 * The memory backend as the browser build uses it: localStorage, the in-page account chooser,
 * cross-tab updates through the 'storage' event, and `window.__memoryBackend` for developers and
 * tests. `window.__memoryBackendConfig` is read once, here.
 */
export function createBrowserMemoryBackend(): MemoryBackend {
  const config = window.__memoryBackendConfig;
  const backend = createMemoryBackend({
    storage: window.localStorage,
    chooseAccount: chooseAccountInDialog,
    siteUrl: window.location.origin,
    config: typeof config === 'object' && config !== null ? config : {},
    onExternalChange: (listener) => {
      const onStorage = (event: StorageEvent) => {
        if (event.key === MEMORY_STATE_KEY || event.key === null) listener();
      };
      window.addEventListener('storage', onStorage);
      return () => window.removeEventListener('storage', onStorage);
    },
  });
  window.__memoryBackend = backend.controls;
  return backend;
}
