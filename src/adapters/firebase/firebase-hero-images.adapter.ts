import type { HeroImages } from '@/ports/hero-images.port';
import { type CallableOptions, callableFunction } from './firebase-callable';
import { toBackendError } from './firebase-errors';
import { heroImagesOfAnswer } from './hero-images-answer';

/** The callable function of spec section 7, call 1. */
export const HERO_IMAGES_FUNCTION = 'get_hero_profile_images';

export type CallableHeroImagesOptions = CallableOptions;

/**
 * Hero avatars from the callable function `get_hero_profile_images`, made without sign-in. The
 * answer's envelope is read here (hero-images-answer.ts), then the domain's loose rule: a malformed one gives no images, never a crash.
 */
export function createCallableHeroImages(options: CallableHeroImagesOptions): HeroImages {
  const call = callableFunction(options, HERO_IMAGES_FUNCTION);
  return {
    async load() {
      try {
        return heroImagesOfAnswer(await call());
      } catch (error) {
        throw toBackendError(error);
      }
    },
  };
}
