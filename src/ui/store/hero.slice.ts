import type { StateCreator } from 'zustand/vanilla';
import type { HeroImage } from '@/domain/hero-image';
import type { SliceDeps } from './outcome';

export type HeroStatus = 'loading' | 'loaded';

/** The hero's avatar strip (spec section 4): loading, then the images (or none). */
export interface HeroSlice {
  readonly heroStatus: HeroStatus;
  readonly heroImages: readonly HeroImage[];
  loadHeroImages: () => Promise<void>;
}

export const createHeroSlice =
  ({ startedServices, log }: SliceDeps): StateCreator<HeroSlice> =>
  (set) => ({
    heroStatus: 'loading',
    heroImages: [],
    async loadHeroImages() {
      set({ heroStatus: 'loading' });
      try {
        const { images, error } = await (await startedServices()).loadHeroImages();
        if (error) log('Error loading hero images', error);
        set({ heroImages: images, heroStatus: 'loaded' });
      } catch (error) {
        log('Error loading hero images', error);
        set({ heroImages: [], heroStatus: 'loaded' });
      }
    },
  });
