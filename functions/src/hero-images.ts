/**
 * The logic of the callable `get_hero_profile_images` (spec section 7, call 1), free of Firebase so
 * that it is tested on its own: the avatars of students who agreed to be shown, inlined as
 * `imageData` (a data URL) with `photoURL` as the fallback, cached for a few minutes.
 */

/** A student who agreed to appear in the hero strip, with their profile photo's address. */
export interface ConsentedProfile {
  readonly uid: string;
  readonly photoURL: string;
}

export interface FetchedImage {
  readonly contentType: string;
  readonly bytes: Uint8Array;
}

export interface HeroProfileImage {
  imageData?: string;
  photoURL?: string;
}

/** The answer's shape, as the client's loose rule reads it. */
export interface HeroImagesAnswer {
  success: boolean;
  profileImages: HeroProfileImage[];
  fromCache: boolean;
}

export interface HeroImagesDeps {
  /** The consented profiles (see docs/deploy-firebase.md: the `heroConsent` custom claim). */
  listConsented(): Promise<ConsentedProfile[]>;
  /** Downloads an image; null when it cannot be had. */
  fetchImage(url: string): Promise<FetchedImage | null>;
  now(): number;
  /** Plain `http:` to loopback is allowed in the emulator only. */
  readonly allowLoopbackHttp?: boolean;
  readonly cacheMs?: number;
  readonly maxImages?: number;
  readonly maxBytes?: number;
}

export const CACHE_MS = 5 * 60_000;
export const MAX_IMAGES = 12;
/**
 * The largest photo inlined: its base64 data URL (4/3 of the bytes plus the prefix) must stay
 * under the page's limit for an image source (200,000 characters, src/domain/hero-image.ts).
 */
export const MAX_IMAGE_BYTES = 140_000;
const IMAGE_TYPES = /^image\/(png|jpeg|webp|gif|avif)$/;

/** Whether the function may download this address: https, or http to loopback in the emulator. */
export function isFetchable(value: string, allowLoopbackHttp = false): boolean {
  try {
    const url = new URL(value);
    if (url.protocol === 'https:') return url.hostname.length > 0;
    return (
      allowLoopbackHttp &&
      url.protocol === 'http:' &&
      ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)
    );
  } catch {
    return false;
  }
}

/** One avatar: the inlined image when it could be downloaded, and the https address as fallback. */
async function toProfileImage(
  profile: ConsentedProfile,
  deps: HeroImagesDeps,
): Promise<HeroProfileImage | null> {
  const image: HeroProfileImage = {};
  if (isFetchable(profile.photoURL, deps.allowLoopbackHttp)) {
    const fetched = await deps.fetchImage(profile.photoURL).catch(() => null);
    const type = fetched?.contentType.split(';')[0]!.trim().toLowerCase() ?? '';
    if (
      fetched &&
      IMAGE_TYPES.test(type) &&
      fetched.bytes.length > 0 &&
      fetched.bytes.length <= (deps.maxBytes ?? MAX_IMAGE_BYTES)
    ) {
      image.imageData = `data:${type};base64,${Buffer.from(fetched.bytes).toString('base64')}`;
    }
  }
  if (isFetchable(profile.photoURL)) image.photoURL = profile.photoURL;
  return image.imageData || image.photoURL ? image : null;
}

/**
 * Builds the handler. Answers from the cache while it is fresh (`fromCache: true`); calls that
 * arrive during a refresh share it. An empty list is not cached, so the first students to consent
 * show up at once. A failure to list profiles rejects (the function reports it as an error; the
 * page keeps its placeholders) and is not cached.
 */
export function createHeroImagesHandler(deps: HeroImagesDeps): () => Promise<HeroImagesAnswer> {
  let cache: { at: number; images: HeroProfileImage[] } | null = null;
  let refreshing: Promise<HeroProfileImage[]> | null = null;

  const refresh = async (): Promise<HeroProfileImage[]> => {
    const profiles = (await deps.listConsented()).slice(0, deps.maxImages ?? MAX_IMAGES);
    const images = await Promise.all(profiles.map((p) => toProfileImage(p, deps)));
    return images.filter((i): i is HeroProfileImage => i !== null);
  };

  return async () => {
    if (cache && deps.now() - cache.at < (deps.cacheMs ?? CACHE_MS)) {
      return { success: true, profileImages: cache.images, fromCache: true };
    }
    refreshing ??= refresh().finally(() => (refreshing = null));
    const images = await refreshing;
    cache = images.length ? { at: deps.now(), images } : null;
    return { success: true, profileImages: images, fromCache: false };
  };
}
