import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  avatarSources,
  GOOGLE_PHOTO_HOSTS,
  heroImagesFrom,
  isGooglePhotoUrl,
  isSafePhotoUrl,
  MAX_HERO_IMAGES,
} from '@/domain/hero-image';
import { heroImagesOfAnswer } from '@/adapters/firebase/hero-images-answer';

const dataImage = fc
  .constantFrom('png', 'jpeg', 'webp', 'gif', 'avif')
  .chain((t) => fc.base64String({ maxLength: 40 }).map((b) => `data:image/${t};base64,${b}`));
/** A Google profile photo's address: the only photoURL a real backend may pass on. */
const httpsUrl = fc
  .tuple(fc.constantFrom(...GOOGLE_PHOTO_HOSTS), fc.webPath(), fc.webQueryParameters())
  .map(([host, path, query]) => `https://${host}${path || '/a'}${query ? `?${query}` : ''}`);
const foreignHttpsUrl = fc
  .webUrl({ validSchemes: ['https'] })
  .filter((u) => !GOOGLE_PHOTO_HOSTS.includes(new URL(u).hostname));
const image = fc
  .record({ imageData: dataImage, photoURL: httpsUrl }, { requiredKeys: [] })
  .filter((i) => i.imageData !== undefined || i.photoURL !== undefined);
const hostile = fc.constantFrom(
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  // SVG can carry scripts and links: never an avatar (issue 51).
  'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
  'DATA:IMAGE/SVG+XML;base64,PHN2Zz48L3N2Zz4=',
  'http://example.com/a.png',
  'vbscript:msgbox(1)',
  '//evil.example/a.png',
  ' javascript:alert(1)',
);

describe('hero images rule', () => {
  it('accepts an answer that says success and has profileImages', () => {
    fc.assert(
      fc.property(fc.array(image, { maxLength: MAX_HERO_IMAGES }), (images) => {
        expect(heroImagesOfAnswer({ success: true, profileImages: images })).toEqual(images);
      }),
    );
  });

  it('reads a bare list of images (the Supabase SQL function rows) as a successful answer', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(image, fc.anything()), { maxLength: 30 }), (items) => {
        const images = heroImagesFrom(items);
        expect(images).toEqual(heroImagesOfAnswer({ success: true, profileImages: items }));
        expect(images.length).toBeLessThanOrEqual(MAX_HERO_IMAGES);
      }),
    );
    for (const value of [undefined, null, {}, 'x', { profileImages: [] }]) {
      expect(heroImagesFrom(value)).toEqual([]);
    }
  });

  it('accepts at least 5 images without success (the loose rule), and rejects fewer', () => {
    fc.assert(
      fc.property(
        fc.array(image, { minLength: 0, maxLength: MAX_HERO_IMAGES }),
        fc.constantFrom(undefined, false, 'yes', 0),
        (images, success) => {
          const parsed = heroImagesOfAnswer({ success, profileImages: images });
          expect(parsed).toEqual(images.length >= 5 ? images : []);
        },
      ),
    );
  });

  it('never throws on malformed answers of any shape, and returns only safe images', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.record({ success: fc.anything(), profileImages: fc.array(fc.anything()) }),
          fc.record({
            success: fc.boolean(),
            profileImages: fc.array(
              fc.record({
                imageData: fc.oneof(hostile, fc.string()),
                photoURL: fc.oneof(hostile, fc.string()),
              }),
            ),
          }),
        ),
        (answer) => {
          const images = heroImagesOfAnswer(answer);
          expect(images.length).toBeLessThanOrEqual(MAX_HERO_IMAGES);
          for (const img of images) {
            if (img.imageData) expect(img.imageData).toMatch(/^data:image\//i);
            if (img.photoURL) expect(new URL(img.photoURL).protocol).toBe('https:');
          }
        },
      ),
    );
  });

  it('drops script URLs and keeps the safe source of a mixed image', () => {
    fc.assert(
      fc.property(hostile, httpsUrl, (bad, good) => {
        expect(
          heroImagesOfAnswer({
            success: true,
            profileImages: [{ imageData: bad, photoURL: good }],
          }),
        ).toEqual([{ photoURL: good }]);
        expect(
          heroImagesOfAnswer({
            success: true,
            profileImages: [{ imageData: bad, photoURL: bad }],
          }),
        ).toEqual([]);
      }),
    );
  });

  it('keeps a photoURL only on Google’s photo hosts: any other host, a look-alike, a port or a user name is dropped', () => {
    fc.assert(
      fc.property(foreignHttpsUrl, (url) => {
        expect(isGooglePhotoUrl(url)).toBe(false);
        expect(heroImagesOfAnswer({ success: true, profileImages: [{ photoURL: url }] })).toEqual(
          [],
        );
      }),
    );
    for (const url of [
      'https://lh3.googleusercontent.com.evil.example/a',
      'https://evil.example/lh3.googleusercontent.com/a',
      'https://lh3.googleusercontent.com:8443/a',
      'https://me@lh3.googleusercontent.com/a',
      'https://lh7.googleusercontent.com/a',
      'https://lh3.googleusercontent.com./a',
      'http://lh3.googleusercontent.com/a',
      `https://lh3.googleusercontent.com/${'a'.repeat(2048)}`,
    ]) {
      expect(isGooglePhotoUrl(url), url).toBe(false);
    }
    expect(isGooglePhotoUrl('https://LH5.googleusercontent.com/a/b=s96-c')).toBe(true);
  });

  it('allows same-origin paths only for the memory backend', () => {
    expect(isSafePhotoUrl('/avatars/a.png')).toBe(false);
    expect(isSafePhotoUrl('/avatars/a.png', true)).toBe(true);
    expect(isSafePhotoUrl('//evil.example/a.png', true)).toBe(false);
    expect(isSafePhotoUrl('javascript:alert(1)', true)).toBe(false);
  });

  it('orders avatar sources imageData, photoURL, then the placeholder', () => {
    fc.assert(
      fc.property(image, fc.string({ minLength: 1 }), (img, placeholder) => {
        const expected = [img.imageData, img.photoURL, placeholder].filter(Boolean);
        expect(avatarSources(img, placeholder)).toEqual(expected);
      }),
    );
  });
});
