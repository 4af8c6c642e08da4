/** A student avatar for the hero strip: an inline image (preferred) and a fallback URL. */
export interface HeroImage {
  readonly imageData?: string;
  readonly photoURL?: string;
}

/** How many images the loose acceptance rule asks for when `success` is missing. */
export const MIN_HERO_IMAGES = 5;
/** More than this is never shown; it also bounds the work a hostile answer can cause. */
export const MAX_HERO_IMAGES = 12;
const MAX_SOURCE_LENGTH = 200_000;

const DATA_IMAGE = /^data:image\/(png|jpe?g|gif|webp|avif|svg\+xml)[;,]/i;

/** `imageData` is accepted only as an inline `data:image/...` URL. */
export const isSafeImageData = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= MAX_SOURCE_LENGTH && DATA_IMAGE.test(value);

/**
 * `photoURL` is accepted only as an `https:` URL; with `allowLocal` (the in-memory backend), a
 * same-origin path or an inline image too. Never `javascript:`, `http:` or other schemes.
 */
export function isSafePhotoUrl(value: unknown, allowLocal = false): value is string {
  if (typeof value !== 'string' || value.length > MAX_SOURCE_LENGTH) return false;
  if (allowLocal && (DATA_IMAGE.test(value) || /^\/(?![/\\])[^\s]*$/.test(value))) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/**
 * Reads the hero images answer (`{ success, profileImages, fromCache }`). Accepted when it says
 * success and has `profileImages`, or has at least 5 images (the spec's loose condition, kept on
 * purpose). Unsafe sources are dropped, images left with no source are left out. Anything else,
 * whatever its shape, gives an empty list; it never throws.
 */
export function parseHeroImagesAnswer(answer: unknown, allowLocal = false): HeroImage[] {
  if (typeof answer !== 'object' || answer === null) return [];
  const { success, profileImages } = answer as { success?: unknown; profileImages?: unknown };
  if (!Array.isArray(profileImages)) return [];
  const accepted = success === true || profileImages.length >= MIN_HERO_IMAGES;
  if (!accepted) return [];
  const images: HeroImage[] = [];
  for (const item of profileImages.slice(0, MAX_HERO_IMAGES * 4)) {
    const image = sanitizeHeroImage(item, allowLocal);
    if (image) images.push(image);
    if (images.length === MAX_HERO_IMAGES) break;
  }
  return images;
}

/** Keeps only the safe sources of one image; null when none is left. */
export function sanitizeHeroImage(item: unknown, allowLocal = false): HeroImage | null {
  if (typeof item !== 'object' || item === null) return null;
  const { imageData, photoURL } = item as { imageData?: unknown; photoURL?: unknown };
  const image: { imageData?: string; photoURL?: string } = {};
  if (isSafeImageData(imageData)) image.imageData = imageData;
  if (isSafePhotoUrl(photoURL, allowLocal)) image.photoURL = photoURL;
  return image.imageData || image.photoURL ? image : null;
}

/** The order an avatar tries its sources: `imageData`, then `photoURL`, then the placeholder. */
export function avatarSources(image: HeroImage, placeholder: string): string[] {
  return [image.imageData, image.photoURL, placeholder].filter((s): s is string => !!s);
}
