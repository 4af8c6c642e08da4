import type { FirebaseApp } from 'firebase/app';
import type { HeroImages } from '@/ports/hero-images.port';
import { parseHeroImagesAnswer } from '@/domain/hero-image';
import { toBackendError } from './firebase-errors';
import type { EmulatorHost } from './firebase-settings';
import { onceUntilFailure } from '@/domain/once-until-failure';

/** The callable function of spec section 7, call 1. */
export const HERO_IMAGES_FUNCTION = 'get_hero_profile_images';
/** Spec section 9: the backend function time-out. */
export const CALLABLE_TIMEOUT_MS = 70_000;

export interface CallableHeroImagesOptions {
  readonly app: FirebaseApp;
  readonly region: string;
  readonly emulator?: EmulatorHost;
}

/**
 * Hero avatars from the callable function `get_hero_profile_images`, made without sign-in. The
 * answer goes through the domain's loose rule: a malformed one gives no images, never a crash.
 */
export function createCallableHeroImages(options: CallableHeroImagesOptions): HeroImages {
  const load = onceUntilFailure(() =>
    import('firebase/functions').then((sdk) => {
      const functions = sdk.getFunctions(options.app, options.region);
      const { emulator } = options;
      if (emulator) sdk.connectFunctionsEmulator(functions, emulator.host, emulator.port);
      return sdk.httpsCallable(functions, HERO_IMAGES_FUNCTION, { timeout: CALLABLE_TIMEOUT_MS });
    }),
  );

  return {
    async load() {
      const call = await load();
      try {
        return parseHeroImagesAnswer((await call()).data);
      } catch (error) {
        throw toBackendError(error);
      }
    },
  };
}
