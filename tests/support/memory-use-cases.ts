import { createMemoryBackend, type MemoryBackend } from '@/adapters/memory/memory-backend';
import type { MemoryBackendConfig } from '@/adapters/memory/memory-controls';
import { AppError } from '@/domain/errors';
import { createIsOnWaitlist } from '@/domain/use-cases/is-on-waitlist.use-case';
import { createJoinWaitlist } from '@/domain/use-cases/join-waitlist.use-case';
import { createLoadHeroImages } from '@/domain/use-cases/load-hero-images.use-case';
import { createSearchColleges } from '@/domain/use-cases/search-colleges.use-case';
import { createPrepareSignIn, createSignIn } from '@/domain/use-cases/sign-in.use-case';
import { createSignOut } from '@/domain/use-cases/sign-out.use-case';
import { createWatchAuth } from '@/domain/use-cases/watch-auth.use-case';
import type { UseCases } from '@/domain/use-cases/use-cases';
import { memoryStorage } from './memory-storage';

/**
 * The memory backend and its use cases, wired by hand as the composition root would, with no
 * latency; `popup` decides what the account chooser does.
 */
export function memoryWorld(config: MemoryBackendConfig = {}, storage = memoryStorage()) {
  const popup = { action: 'choose' as 'choose' | 'close', index: 0 };
  const backend: MemoryBackend = createMemoryBackend({
    storage,
    config: { latencyMs: 0, ...config },
    chooseAccount: async (accounts) => {
      if (popup.action === 'close') throw new AppError('auth/popup-closed-by-user');
      return accounts[popup.index]!;
    },
  });
  const { auth, waitlist, collegeSearch, heroImages } = backend;
  const useCases: UseCases = {
    prepareSignIn: createPrepareSignIn({ auth }),
    signIn: createSignIn({ auth }),
    signOut: createSignOut({ auth }),
    watchAuth: createWatchAuth({ auth }),
    isOnWaitlist: createIsOnWaitlist({ waitlist }),
    joinWaitlist: createJoinWaitlist({
      waitlist,
      clock: { now: () => new Date('2026-11-22T12:00:00Z') },
    }),
    searchColleges: createSearchColleges({ collegeSearch }),
    loadHeroImages: createLoadHeroImages({ heroImages, allowLocalUrls: true }),
  };
  return { backend, useCases, popup, storage };
}
