import type { HeroImages } from '@/ports/hero-images.port';
import { parseHeroImagesAnswer } from '@/domain/hero-image';
import { HERO_AVATARS } from './hero-avatars';
import type { Controls } from './memory-controls';

/** The answer the production callable gives, built from the inline avatars. */
const defaultAnswer = () => ({
  success: true,
  profileImages: HERO_AVATARS.map((imageData) => ({ imageData })),
  fromCache: false,
});

/**
 * Hero avatars with no network. `answer` (from `window.__memoryBackendConfig.heroImages`) may be a
 * list of images or a whole raw answer of any shape; it goes through the domain's loose rule.
 */
export function createMemoryHeroImages({
  controls,
  answer,
}: {
  controls: Controls;
  answer?: unknown;
}): HeroImages {
  return {
    async load() {
      await controls.enter('heroImages');
      const raw =
        answer === undefined
          ? defaultAnswer()
          : Array.isArray(answer)
            ? { success: true, profileImages: answer, fromCache: false }
            : answer;
      return parseHeroImagesAnswer(raw, true);
    },
  };
}
