import type { HeroImages } from '@/ports/hero-images.port';
import { parseHeroImagesAnswer } from '@/domain/hero-image';
import { type CallableOptions, callableFunction } from './firebase-callable';
import { toBackendError } from './firebase-errors';

/** The callable function of spec section 7, call 1. */
export const HERO_IMAGES_FUNCTION = 'get_hero_profile_images';

export type CallableHeroImagesOptions = CallableOptions;

/**
 * Hero avatars from the callable function `get_hero_profile_images`, made without sign-in. The
 * answer goes through the domain's loose rule: a malformed one gives no images, never a crash.
 */
export function createCallableHeroImages(options: CallableHeroImagesOptions): HeroImages {
  const call = callableFunction(options, HERO_IMAGES_FUNCTION);
  return {
    async load() {
      try {
        return parseHeroImagesAnswer(await call());
      } catch (error) {
        throw toBackendError(error);
      }
    },
  };
}
