import type { HeroImages } from '@/ports/hero-images.port';
import { parseHeroImagesAnswer } from '@/domain/hero-image';
import { DEMO_ACCOUNT_PHOTOS, SEEDED_HERO_AVATARS } from './hero-avatars';
import type { Controls } from './memory-controls';
import type { StateStore } from './memory-state';

/**
 * The answer the production function gives: the photos of the students whose consent is current,
 * newest consent first (the demo accounts who consented, then the seeded students).
 */
function consentedAnswer(store: StateStore) {
  const consented = Object.entries(store.read().consents)
    .sort(([, a], [, b]) => b.localeCompare(a))
    .map(([uid]) => DEMO_ACCOUNT_PHOTOS[uid])
    .filter((photo): photo is string => photo !== undefined);
  return {
    success: true,
    profileImages: [...consented, ...SEEDED_HERO_AVATARS].map((imageData) => ({ imageData })),
    fromCache: false,
  };
}

/**
 * Hero avatars with no network. `answer` (from `window.__memoryBackendConfig.heroImages`) may be a
 * list of images or a whole raw answer of any shape, and replaces the consent-based answer; either
 * goes through the domain's loose rule.
 */
export function createMemoryHeroImages({
  controls,
  store,
  answer,
}: {
  controls: Controls;
  store: StateStore;
  answer?: unknown;
}): HeroImages {
  return {
    async load() {
      await controls.enter('heroImages');
      const raw =
        answer === undefined
          ? consentedAnswer(store)
          : Array.isArray(answer)
            ? { success: true, profileImages: answer, fromCache: false }
            : answer;
      return parseHeroImagesAnswer(raw, true);
    },
  };
}
