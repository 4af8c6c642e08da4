import type { HeroImages } from '@/ports/hero-images.port';
import { acceptedHeroImages } from '@/domain/hero-image';
import { DEMO_ACCOUNT_PHOTOS, SEEDED_HERO_AVATARS } from './hero-avatars';
import type { MemoryContext, MemoryState, Slice, StateStore } from './memory-store';
import { isString, recordOf, without } from './memory-values';

declare module './memory-store' {
  interface MemoryState {
    /** Profile photos changed at the provider, keyed by uid (else DEMO_ACCOUNT_PHOTOS). */
    readonly photos: Readonly<Record<string, string>>;
    /** The operator's decisions on hero photos, keyed by uid (admin-only on real backends). */
    readonly reviews: Readonly<Record<string, PhotoReview>>;
    /** The operator's kill switch: false empties the hero strip. */
    readonly heroStripOn: boolean;
  }
}

/** An operator's decision on one exact profile photo (the hero strip shows approved ones only). */
export interface PhotoReview {
  readonly photo: string;
  readonly approved: boolean;
}

/**
 * The hero strip's slice: the provider's photos, the operator's reviews and kill switch. (The
 * consents are the hero consent's slice; revoking one drops its review too.)
 */
export const heroImagesSlice: Slice<'photos' | 'reviews' | 'heroStripOn'> = {
  empty: () => ({ photos: {}, reviews: {}, heroStripOn: true }),
  parse: (d) => ({
    photos: recordOf(d.photos, isString),
    reviews: recordOf(
      d.reviews,
      (v): v is PhotoReview =>
        typeof v === 'object' &&
        v !== null &&
        isString((v as PhotoReview).photo) &&
        typeof (v as PhotoReview).approved === 'boolean',
    ),
    heroStripOn: d.heroStripOn !== false,
  }),
  withoutStudent: (state, uid) => ({ reviews: without(state.reviews, uid) }),
};

/** A student's current profile photo at the provider (a demo portrait unless changed). */
const photoOf = (state: MemoryState, uid: string): string | undefined =>
  state.photos[uid] ?? DEMO_ACCOUNT_PHOTOS[uid];

/** One consenting student's photo in the operator's review queue. */
export interface HeroPhotoReview {
  readonly uid: string;
  readonly photo: string;
  readonly status: 'pending' | 'approved' | 'rejected';
}

/**
 * The review queue (what the real backends' hero:photos list shows): consenting students on the
 * list with a photo, oldest consent first, and the state of their current photo ('pending' until
 * approved or rejected; a photo changed since its decision is pending again).
 */
export function heroPhotoQueue(state: MemoryState): HeroPhotoReview[] {
  return Object.entries(state.consents)
    .filter(([uid]) => Object.hasOwn(state.entries, uid))
    .sort(([a, at], [b, bt]) => at.localeCompare(bt) || a.localeCompare(b))
    .flatMap(([uid]) => {
      const photo = photoOf(state, uid);
      if (!photo) return [];
      const decided = state.reviews[uid];
      const status =
        decided?.photo !== photo ? 'pending' : decided.approved ? 'approved' : 'rejected';
      return [{ uid, photo, status } as const];
    });
}

/** The hero strip's operator controls (the real backends' hero:photos and hero:strip commands). */
export interface HeroImagesControls {
  /** The operator's review queue (heroPhotoQueue). */
  heroPhotos(): HeroPhotoReview[];
  /** Approves the student's current photo for the hero strip (that exact photo). */
  approveHeroPhoto(uid: string): void;
  /** Rejects the student's current photo: it is never shown. */
  rejectHeroPhoto(uid: string): void;
  /** The kill switch: `false` empties the hero strip at once; `true` shows approved photos again. */
  setHeroStrip(on: boolean): void;
  /** Changes a student's profile photo at the provider (as a new Google photo would). */
  setProfilePhoto(uid: string, photo: string): void;
}

export function heroImagesControls({ store }: MemoryContext): HeroImagesControls {
  const review = (uid: string, approved: boolean): void => {
    const queued = heroPhotoQueue(store.read()).find((p) => p.uid === uid);
    if (!queued) throw new Error(`No consenting student on the list with a photo: ${uid}`);
    store.update((state) => ({
      ...state,
      reviews: { ...state.reviews, [uid]: { photo: queued.photo, approved } },
    }));
  };
  return {
    heroPhotos: () => heroPhotoQueue(store.read()),
    approveHeroPhoto: (uid) => review(uid, true),
    rejectHeroPhoto: (uid) => review(uid, false),
    setHeroStrip: (on) => void store.update((state) => ({ ...state, heroStripOn: on === true })),
    setProfilePhoto: (uid, photo) =>
      void store.update((state) => ({ ...state, photos: { ...state.photos, [uid]: photo } })),
  };
}

/** A photo as a server answers it: inline (`data:`) as `imageData`, an address as `photoURL`. */
const heroImageOf = (photo: string) =>
  photo.startsWith('data:') ? { imageData: photo } : { photoURL: photo };

/**
 * The answer the production backends give: nothing while the operator's kill switch is off; else
 * the photos of the students on the list whose consent is current and whose current photo the
 * operator approved (that exact photo), oldest consent first, then the seeded students.
 */
function consentedAnswer(store: StateStore) {
  const state = store.read();
  const consented = state.heroStripOn
    ? heroPhotoQueue(state)
        .filter((p) => p.status === 'approved' && Object.hasOwn(state.users, p.uid))
        .map((p) => p.photo)
    : [];
  const seeded = state.heroStripOn ? SEEDED_HERO_AVATARS : [];
  return {
    success: true,
    profileImages: [...consented, ...seeded].map(heroImageOf),
    fromCache: false,
  };
}

/**
 * Hero avatars with no network. `answer` (from `window.__memoryBackendConfig.heroImages`) may be a
 * list of images or a whole raw answer of any shape, and replaces the consent-based answer; either
 * goes through the domain's loose rule.
 */
export function createMemoryHeroImages(
  { controls, store }: MemoryContext,
  answer?: unknown,
): HeroImages {
  return {
    async load() {
      await controls.enter('heroImages');
      const raw =
        answer === undefined
          ? consentedAnswer(store)
          : Array.isArray(answer)
            ? { success: true, profileImages: answer, fromCache: false }
            : answer;
      // The callable's envelope, which the memory backend answers as the real one does.
      const { success, profileImages } = (typeof raw === 'object' && raw !== null ? raw : {}) as {
        success?: unknown;
        profileImages?: unknown;
      };
      return acceptedHeroImages({ success, images: profileImages }, true);
    },
  };
}
