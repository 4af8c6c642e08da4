/**
 * The logic of the callable `get_hero_profile_images` (spec section 7, call 1), free of Firebase so
 * that it is tested on its own: the avatars of students who agreed to be shown, inlined as
 * `imageData` (a data URL) with `photoURL` as the fallback, cached for a few minutes.
 *
 * Who is shown (issue 23): nobody while the operator's kill switch is off (`heroSettings/strip`
 * `{ enabled: false }`); else the students with a current consent record (`heroConsent/{uid}`,
 * which exists while the consent does), oldest consent first (renewing keeps the first date), who
 * are on the list (`waitlist/{uid}`), whose account is enabled, and whose Google profile photo (the
 * `google.com` provider's, never the account's own `photoURL`, which its holder can rewrite) is on
 * Google's photo hosts and is exactly the photo the operator approved (`heroApproval/{uid}`).
 *
 * Everything one call can cost is bounded: at most MAX_APPROVALS_READ approvals and their
 * consent records, then MAX_CONSENT_RECORDS of those (oldest consent first) and the profiles of
 * exactly those students read, at most
 * MAX_IMAGES photos (the strip's five slots) downloaded, each from Google's photo hosts only,
 * without redirects, read up to MAX_IMAGE_BYTES and no further, all within CALL_BUDGET_MS. An
 * empty answer is cached too (for EMPTY_CACHE_MS), so a page full of visitors before the first
 * consent does not query the consent records on every visit.
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
  /**
   * The consent source: at most `limit` consented profiles, newest consent first. In production,
   * the `heroConsent/{uid}` records and those students' Auth profiles (`readConsented`, wired in
   * functions/src/index.ts).
   */
  listConsented(limit: number, signal: AbortSignal): Promise<ConsentedProfile[]>;
  /**
   * The operator's kill switch (`heroSettings/strip`), read on every call, before the cache: off,
   * the strip is empty at once. Absent: always on.
   */
  stripEnabled?(): Promise<boolean>;
  /** Downloads an image; null when it cannot be had. Must give up when `signal` aborts. */
  fetchImage(url: string, signal: AbortSignal): Promise<FetchedImage | null>;
  now(): number;
  /** Plain `http:` to loopback is allowed in the emulator only. */
  readonly allowLoopbackHttp?: boolean;
  readonly cacheMs?: number;
  readonly emptyCacheMs?: number;
  readonly maxImages?: number;
  readonly maxBytes?: number;
  /** The most one refresh may take, listing and downloads together. */
  readonly budgetMs?: number;
}

export const CACHE_MS = 5 * 60_000;
/** An empty list is cached for a minute: the first consent shows within a minute. */
export const EMPTY_CACHE_MS = 60_000;
/** The page's strip shows five avatars (src/ui): the function sends no more. */
export const MAX_IMAGES = 5;
/**
 * The most consent records one refresh reads (newest first), and so the most profiles it looks
 * up: a few more than the strip shows, for consented students without a photo or disabled. Under
 * Auth's limit of 100 identifiers for one `getUsers` call.
 */
export const MAX_CONSENT_RECORDS = 20;
/**
 * The most approved photos one refresh considers (issue 51): the consent records are read for the
 * students whose photo the operator approved, so that early consents without an approval never
 * hide later approved photos. Ids only, in two bounded reads (the approvals, then their consents).
 */
export const MAX_APPROVALS_READ = 300;
/** The most one refresh may take: listing and every download, together. */
export const CALL_BUDGET_MS = 8_000;
/** The most one photo's download may take. */
export const FETCH_TIMEOUT_MS = 4_000;
/**
 * The largest photo inlined: its base64 data URL (4/3 of the bytes plus the prefix) must stay
 * under the page's limit for an image source (200,000 characters, src/domain/hero-image.ts).
 */
export const MAX_IMAGE_BYTES = 140_000;
/**
 * Where Google sign-in's profile photos live. The function downloads photos from these hosts
 * only, and passes on only their addresses (the hosting CSP's img-src names the same hosts:
 * scripts/deploy/csp.mjs, kept in step by tests/tooling/deploy/csp.test.ts).
 */
export const PHOTO_HOSTS: readonly string[] = [
  'lh3.googleusercontent.com',
  'lh4.googleusercontent.com',
  'lh5.googleusercontent.com',
  'lh6.googleusercontent.com',
];
const IMAGE_TYPES = /^image\/(png|jpeg|webp|gif|avif)$/;
const LOOPBACK = ['127.0.0.1', 'localhost', '[::1]'];

/**
 * Whether the function may download this address and pass it on: https on one of Google's photo
 * hosts (default port), or, in the emulator only, http to loopback (never passed on as photoURL).
 */
export function isAllowedPhoto(value: string, allowLoopbackHttp = false): boolean {
  try {
    const url = new URL(value);
    if (url.protocol === 'https:') {
      return PHOTO_HOSTS.includes(url.hostname) && url.port === '' && !url.username;
    }
    return allowLoopbackHttp && url.protocol === 'http:' && LOOPBACK.includes(url.hostname);
  } catch {
    return false;
  }
}

/** A student's Auth profile, as the consent source reads it for one consented uid. */
export interface AccountProfile {
  readonly uid: string;
  /** The photo of the account's `google.com` provider entry (what Google sent at sign-in). */
  readonly photoURL?: string | undefined;
  readonly disabled?: boolean;
}

/** Where the consent source reads who may be shown; every read is bounded by the uids given. */
export interface ConsentSources {
  /**
   * The uids of current consent records whose photo the operator approved, oldest consent first,
   * at most `max` (an early consent without an approval never takes a later approved one's place).
   */
  listConsentUids(max: number, signal: AbortSignal): Promise<string[]>;
  getProfiles(uids: string[], signal: AbortSignal): Promise<AccountProfile[]>;
  /** Which of these uids have a waitlist entry. */
  onList(uids: string[], signal: AbortSignal): Promise<Set<string>>;
  /** The photo the operator approved for each of these uids, when there is one. */
  approvedPhotos(uids: string[], signal: AbortSignal): Promise<Map<string, string>>;
}

/**
 * The consented profiles to show: reads at most
 * `maxRecords` consent records, oldest first, then for exactly those uids the profiles, the
 * entries and the approvals, and keeps, in consent order, those on the list, enabled, with a
 * Google photo on Google's hosts that is exactly the approved one, up to `limit`. No account
 * without a current consent record is ever looked at.
 */
export async function readConsented(
  sources: ConsentSources,
  options: { limit: number; maxRecords: number; signal: AbortSignal; allowLoopbackHttp?: boolean },
): Promise<ConsentedProfile[]> {
  const { signal } = options;
  signal.throwIfAborted();
  const uids = [...new Set(await sources.listConsentUids(options.maxRecords, signal))].slice(
    0,
    options.maxRecords,
  );
  if (uids.length === 0) return [];
  signal.throwIfAborted();
  const [profiles, listed, approved] = await Promise.all([
    sources.getProfiles(uids, signal),
    sources.onList(uids, signal),
    sources.approvedPhotos(uids, signal),
  ]);
  const byUid = new Map(profiles.map((p) => [p.uid, p] as const));
  const found: ConsentedProfile[] = [];
  for (const uid of uids) {
    const photoURL = byUid.get(uid)?.disabled ? undefined : byUid.get(uid)?.photoURL;
    if (
      photoURL &&
      listed.has(uid) &&
      approved.get(uid) === photoURL &&
      isAllowedPhoto(photoURL, options.allowLoopbackHttp)
    ) {
      found.push({ uid, photoURL });
    }
    if (found.length >= options.limit) break;
  }
  return found;
}

/** An HTTP fetch as Node's global one, or a stand-in in tests. */
export type Fetch = (url: string, init: RequestInit) => Promise<Response>;

/**
 * Downloads one photo: no redirects (a redirect is a failure), an image content type, and at most
 * `maxBytes`, read as a stream: a bigger photo (by its Content-Length, or by what arrives) is
 * dropped as soon as that is known, never buffered whole. Gives up after `timeoutMs` or when the
 * caller's signal aborts. Null for any failure.
 */
export function createPhotoFetcher(
  options: {
    fetch?: Fetch;
    maxBytes?: number;
    timeoutMs?: number;
    onFailure?: (url: string, reason: string) => void;
  } = {},
) {
  const maxBytes = options.maxBytes ?? MAX_IMAGE_BYTES;
  const doFetch = options.fetch ?? ((url, init) => fetch(url, init));
  return async (url: string, signal: AbortSignal): Promise<FetchedImage | null> => {
    const fail = (reason: string) => {
      options.onFailure?.(url, reason);
      return null;
    };
    const combined = AbortSignal.any([
      signal,
      AbortSignal.timeout(options.timeoutMs ?? FETCH_TIMEOUT_MS),
    ]);
    let response: Response;
    try {
      response = await doFetch(url, { redirect: 'error', signal: combined });
    } catch (error) {
      return fail(`request failed: ${String(error)}`);
    }
    const body = response.body;
    const drop = (reason: string) => {
      void body?.cancel().catch(() => {});
      return fail(reason);
    };
    if (response.status !== 200) return drop(`HTTP ${response.status}`);
    const contentType = response.headers.get('content-type') ?? '';
    const type = contentType.split(';')[0]!.trim().toLowerCase();
    if (!IMAGE_TYPES.test(type)) return drop(`not an accepted image type: ${type}`);
    const declared = Number(response.headers.get('content-length') ?? NaN);
    if (declared > maxBytes) return drop(`Content-Length ${declared} over ${maxBytes}`);
    if (!body) return fail('no body');
    const reader = body.getReader();
    const chunks: Uint8Array[] = [];
    let length = 0;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        length += value.byteLength;
        if (length > maxBytes) {
          void reader.cancel().catch(() => {});
          return fail(`more than ${maxBytes} bytes`);
        }
        chunks.push(value);
      }
    } catch (error) {
      void reader.cancel().catch(() => {});
      return fail(`reading failed: ${String(error)}`);
    }
    if (length === 0) return fail('empty body');
    const bytes = new Uint8Array(length);
    let at = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, at);
      at += chunk.byteLength;
    }
    return { contentType: type, bytes };
  };
}

/**
 * The origins the callable answers (its CORS): our site's only. In production, the origin of
 * SITE_ORIGIN (set by the deploy from VITE_SITE_URL), which must be https; in the emulator, the
 * loopback origins of the local servers (dev server, preview, e2e tests). Throws when production
 * has no usable site origin, so a deploy without it fails instead of serving every origin.
 */
export function allowedOrigins(options: {
  siteOrigin: string | undefined;
  emulator: boolean;
}): (string | RegExp)[] {
  if (options.emulator) return [/^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/];
  let url: URL | null;
  try {
    url = new URL(options.siteOrigin ?? '');
  } catch {
    url = null;
  }
  if (!url || url.protocol !== 'https:') {
    throw new Error(
      `SITE_ORIGIN must be the site's https origin (e.g. https://deestudiantes.mx); got "${
        options.siteOrigin ?? ''
      }". Deploy with \`npm run deploy\`, which sets it from VITE_SITE_URL.`,
    );
  }
  return [url.origin];
}

/** One avatar: the inlined image when it could be downloaded, and the https address as fallback. */
async function toProfileImage(
  profile: ConsentedProfile,
  deps: HeroImagesDeps,
  signal: AbortSignal,
): Promise<HeroProfileImage | null> {
  const image: HeroProfileImage = {};
  if (isAllowedPhoto(profile.photoURL, deps.allowLoopbackHttp)) {
    const fetched = await deps.fetchImage(profile.photoURL, signal).catch(() => null);
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
  if (isAllowedPhoto(profile.photoURL)) image.photoURL = profile.photoURL;
  return image.imageData || image.photoURL ? image : null;
}

/** Settles with `promise`, or rejects once `signal` aborts, whichever comes first. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason ?? new Error('aborted'));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * Builds the handler. Answers from the cache while it is fresh (`fromCache: true`); calls that
 * arrive during a refresh share it. A list with avatars is cached for CACHE_MS, an empty one for
 * EMPTY_CACHE_MS. A refresh lists at most MAX_IMAGES consented profiles and downloads their
 * photos within the call's budget: a download still running when the budget ends is abandoned
 * (the avatar keeps its photoURL). A failure to list profiles in time rejects (the function
 * reports it as an error; the page keeps its placeholders) and is not cached.
 */
export function createHeroImagesHandler(deps: HeroImagesDeps): () => Promise<HeroImagesAnswer> {
  let cache: { until: number; images: HeroProfileImage[] } | null = null;
  let refreshing: Promise<HeroProfileImage[]> | null = null;
  const maxImages = Math.min(deps.maxImages ?? MAX_IMAGES, MAX_IMAGES);

  const refresh = async (): Promise<HeroProfileImage[]> => {
    const deadline = AbortSignal.timeout(deps.budgetMs ?? CALL_BUDGET_MS);
    const listed = await untilAborted(deps.listConsented(maxImages, deadline), deadline);
    const profiles = listed.slice(0, maxImages);
    const images = await Promise.all(
      profiles.map((p) =>
        untilAborted(toProfileImage(p, deps, deadline), deadline).catch(() =>
          // Out of time: the address alone, when it is one the page may show.
          isAllowedPhoto(p.photoURL) ? { photoURL: p.photoURL } : null,
        ),
      ),
    );
    return images.filter((i): i is HeroProfileImage => i !== null);
  };

  return async () => {
    if (deps.stripEnabled && !(await deps.stripEnabled())) {
      cache = null; // switched on again, the strip is read afresh
      return { success: true, profileImages: [], fromCache: false };
    }
    if (cache && deps.now() < cache.until) {
      return { success: true, profileImages: cache.images, fromCache: true };
    }
    refreshing ??= refresh().finally(() => (refreshing = null));
    const images = await refreshing;
    const ttl = images.length ? (deps.cacheMs ?? CACHE_MS) : (deps.emptyCacheMs ?? EMPTY_CACHE_MS);
    cache = { until: deps.now() + ttl, images };
    return { success: true, profileImages: images, fromCache: false };
  };
}
