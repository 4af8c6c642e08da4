import type { HeroImages } from '@/ports/hero-images.port';
import { withDeadline } from '@/domain/deadline';
import { type AppError, toAppError } from '@/domain/errors';
import { type HeroImage, MAX_HERO_IMAGES, sanitizeHeroImage } from '@/domain/hero-image';

export interface HeroImagesOutcome {
  readonly images: readonly HeroImage[];
  readonly error?: AppError;
}

/**
 * Loads the hero avatars. Never rejects: a failure gives no images and the error (the page keeps
 * its placeholders). Every image is sanitised again here, whichever adapter produced it.
 */
export const createLoadHeroImages =
  ({
    heroImages,
    allowLocalUrls = false,
    timeoutMs,
  }: {
    heroImages: HeroImages;
    allowLocalUrls?: boolean;
    timeoutMs?: number;
  }) =>
  async (): Promise<HeroImagesOutcome> => {
    try {
      const loaded: unknown = await withDeadline(heroImages.load(), timeoutMs);
      if (!Array.isArray(loaded)) return { images: [] };
      const images = loaded
        .map((item) => sanitizeHeroImage(item, allowLocalUrls))
        .filter((image): image is HeroImage => image !== null)
        .slice(0, MAX_HERO_IMAGES);
      return { images };
    } catch (error) {
      return { images: [], error: toAppError(error, 'unknown') };
    }
  };
