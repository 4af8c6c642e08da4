import { createMemoryBackend, type MemoryBackend } from '@/adapters/memory/memory-backend';
import type { MemoryBackendConfig } from '@/adapters/memory/memory-controls';
import { AppError } from '@/domain/errors';
import { createUseCases } from '@/domain/use-cases/create-use-cases';
import { createVisitRecord } from '@/adapters/browser/visit-record.adapter';
import { memoryLocalRecord } from './local-record';
import { memoryStorage } from './memory-storage';

/**
 * The memory backend and its use cases, built by the domain's `createUseCases` as the composition
 * root builds them, with no latency; `popup` decides what the account chooser does, and `local`
 * is this page's local record (its own storage, apart from the backend's).
 */
export function memoryWorld(
  config: MemoryBackendConfig = {},
  storage = memoryStorage(),
  pageStorage = memoryStorage(),
) {
  const popup = { action: 'choose' as 'choose' | 'close', index: 0 };
  // One time for the page and its "server", as on a real deploy.
  const clock = { now: () => new Date('2026-11-22T12:00:00Z') };
  const backend: MemoryBackend = createMemoryBackend({
    storage,
    clock,
    config: { latencyMs: 0, ...config },
    chooseAccount: async (accounts) => {
      if (popup.action === 'close') throw new AppError('auth/popup-closed-by-user');
      return accounts[popup.index]!;
    },
  });
  const local = memoryLocalRecord(pageStorage);
  const visit = createVisitRecord(memoryStorage());
  const useCases = createUseCases({
    ...backend,
    local: local.record,
    visit,
    clock,
  });
  return { backend, useCases, popup, storage, local, visit };
}
