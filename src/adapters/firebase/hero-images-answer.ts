import { acceptedHeroImages, type HeroImage } from '@/domain/hero-image';

/**
 * Reads the callable's answer (`{ success, profileImages, fromCache }`, spec section 7, call 1):
 * its envelope here, its acceptance the domain's (acceptedHeroImages). Any shape gives a list,
 * possibly empty; it never throws.
 */
export function heroImagesOfAnswer(answer: unknown, allowLocal = false): HeroImage[] {
  if (typeof answer !== 'object' || answer === null) return [];
  const { success, profileImages } = answer as { success?: unknown; profileImages?: unknown };
  return acceptedHeroImages({ success, images: profileImages }, allowLocal);
}
