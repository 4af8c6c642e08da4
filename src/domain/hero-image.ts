/** A student avatar for the hero strip: an inline image (preferred) and a fallback URL. */
export interface HeroImage {
  readonly imageData?: string;
  readonly photoURL?: string;
}

/** How many images the loose acceptance rule asks for when `success` is missing. */
export const MIN_HERO_IMAGES = 5;
/**
 * The strip's five slots (spec: 5 placeholders): no more is ever kept, whatever a server answers;
 * it also bounds the work a hostile answer can cause.
 */
export const MAX_HERO_IMAGES = 5;
const MAX_SOURCE_LENGTH = 200_000;
const MAX_PHOTO_URL_LENGTH = 2048;

/**
 * Where Google sign-in's profile photos live: the only hosts a real backend's `photoURL` may name
 * (the servers check it too: functions/src/hero-images.logic.ts, the Supabase migrations; and the
 * hosting CSP's img-src names the same hosts).
 */
export const GOOGLE_PHOTO_HOSTS: readonly string[] = [
  'lh3.googleusercontent.com',
  'lh4.googleusercontent.com',
  'lh5.googleusercontent.com',
  'lh6.googleusercontent.com',
];

/** An `https:` address on one of Google's photo hosts, default port, no user name. */
export function isGooglePhotoUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > MAX_PHOTO_URL_LENGTH) return false;
  try {
    const url = new URL(value);
    return (
      url.protocol === 'https:' &&
      GOOGLE_PHOTO_HOSTS.includes(url.hostname) &&
      url.port === '' &&
      url.username === '' &&
      url.password === ''
    );
  } catch {
    return false;
  }
}

/**
 * The raster types a hero image may be inlined as: never SVG (a document that can carry scripts
 * and links; the function sends raster photos only, and so no backend needs it: issue 51).
 */
const DATA_IMAGE = /^data:image\/(png|jpe?g|gif|webp|avif)[;,]/i;

/** `imageData` is accepted only as an inline raster `data:image/...` URL. */
export const isSafeImageData = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= MAX_SOURCE_LENGTH && DATA_IMAGE.test(value);

/**
 * `photoURL` is accepted only as a Google profile photo's address (`isGooglePhotoUrl`): a server
 * that passes on another host's address (a tracker, a face that is not the student's) is not
 * believed. With `allowLocal` (the in-memory backend), a same-origin path or an inline image too.
 * Never `javascript:`, `http:` or other schemes.
 */
export function isSafePhotoUrl(value: unknown, allowLocal = false): value is string {
  if (typeof value !== 'string' || value.length > MAX_SOURCE_LENGTH) return false;
  if (allowLocal && (DATA_IMAGE.test(value) || /^\/(?![/\\])[^\s]*$/.test(value))) return true;
  return isGooglePhotoUrl(value);
}

/**
 * The spec's acceptance of a hero images answer (section 5), on its parts as each adapter reads
 * them from its own envelope (the callable's `{ success, profileImages }`, issue 52): accepted
 * when it says success and has a list, or has at least 5 images (the loose condition, kept on
 * purpose). Unsafe sources are dropped, images left with no source are left out. Anything else,
 * whatever its shape, gives an empty list; it never throws.
 */
export function acceptedHeroImages(
  { success, images }: { readonly success: unknown; readonly images: unknown },
  allowLocal = false,
): HeroImage[] {
  if (!Array.isArray(images)) return [];
  const accepted = success === true || images.length >= MIN_HERO_IMAGES;
  return accepted ? heroImagesFrom(images, allowLocal) : [];
}

/**
 * The images of a list a backend answered (the function's `profileImages`, or the rows of the
 * Supabase SQL function): unsafe sources dropped, images left with no source left out, at most
 * MAX_HERO_IMAGES. Anything but a list gives none.
 */
export function heroImagesFrom(items: unknown, allowLocal = false): HeroImage[] {
  if (!Array.isArray(items)) return [];
  const images: HeroImage[] = [];
  for (const item of items.slice(0, MAX_HERO_IMAGES * 4)) {
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
