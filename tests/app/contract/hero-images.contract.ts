import { describe, expect, it } from 'vitest';
import type { HeroImages } from '@/ports/hero-images.port';

export function describeHeroImagesContract(name: string, setup: () => Promise<HeroImages>) {
  describe(`HeroImages contract: ${name}`, () => {
    it('loads at least 5 images, each with a safe inline image or https URL', async () => {
      const images = await (await setup()).load();
      expect(images.length).toBeGreaterThanOrEqual(5);
      for (const img of images) {
        expect(img.imageData || img.photoURL).toBeTruthy();
        if (img.imageData) expect(img.imageData).toMatch(/^data:image\//);
      }
    });
  });
}
