import type { HeroImages } from '@/ports/hero-images.port';
import { acceptedHeroImages } from '@/domain/hero-image';
import { SEEDED_HERO_AVATARS } from './hero-avatars';
import type { Controls } from './memory-controls';
import { heroPhotoQueue, type StateStore } from './memory-state';

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
export function createMemoryHeroImages({
  controls,
  store,
  answer,
}: {
  controls: Controls;
  store: StateStore;
  answer?: unknown;
}): HeroImages {
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
