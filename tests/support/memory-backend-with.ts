import { createMemoryBackend } from '@/adapters/memory/memory-backend';
import { DEMO_ACCOUNTS } from '@/adapters/memory/memory-auth.adapter';
import { MEMORY_STATE_KEY } from '@/adapters/memory/memory-state';
import type { User } from '@/domain/user';
import { memoryStorage } from './memory-storage';

/**
 * A memory backend with no latency and no sender of its own (the messages wait in the outbox),
 * whose provider offers the demo accounts and `accounts`; `as(uid)` signs that account in.
 */
export function memoryBackendWith(accounts: readonly User[]) {
  const storage = memoryStorage();
  storage.setItem(MEMORY_STATE_KEY, JSON.stringify({ accounts: [...DEMO_ACCOUNTS, ...accounts] }));
  let chosen = '';
  const b = createMemoryBackend({
    storage,
    config: { latencyMs: 0 },
    sendAutomatically: false,
    chooseAccount: async (list) => list.find((a) => a.uid === chosen)!,
  });
  const as = async (uid: string) => {
    chosen = uid;
    await b.auth.signInWithPopup();
  };
  return { b, storage, as };
}
