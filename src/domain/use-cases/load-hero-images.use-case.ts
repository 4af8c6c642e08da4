import type { HeroImages } from '@/ports/hero-images.port';
import { withDeadline } from '@/domain/deadline';
import { type AppError, toAppError } from '@/domain/errors';
import { type HeroImage, MAX_HERO_IMAGES } from '@/domain/hero-image';

export interface HeroImagesOutcome {
  readonly images: readonly HeroImage[];
  readonly error?: AppError;
}

/**
 * Loads the hero avatars. Never rejects: a failure gives no images and the error (the page keeps
 * its placeholders). The port answers with images that passed the domain's rule
 * (`acceptedHeroImages`, applied once, in the adapter); this bounds how many are kept.
 */
export const createLoadHeroImages =
  ({ heroImages, timeoutMs }: { heroImages: HeroImages; timeoutMs?: number }) =>
  async (): Promise<HeroImagesOutcome> => {
    try {
      const images: unknown = await withDeadline(heroImages.load(), timeoutMs);
      return { images: Array.isArray(images) ? images.slice(0, MAX_HERO_IMAGES) : [] };
    } catch (error) {
      return { images: [], error: toAppError(error, 'unknown') };
    }
  };
