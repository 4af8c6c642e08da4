import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  CACHE_MS,
  type ConsentedProfile,
  createHeroImagesHandler,
  type HeroImagesDeps,
  isFetchable,
  MAX_IMAGE_BYTES,
} from '../../functions/src/hero-images';
import { parseHeroImagesAnswer } from '@/domain/hero-image';

// The logic of the callable get_hero_profile_images (functions/src/hero-images.ts), on its own.
// The function itself runs in the Functions emulator in tests/emulators.

const PNG = { contentType: 'image/png', bytes: new Uint8Array([137, 80, 78, 71]) };
const profiles = (n: number): ConsentedProfile[] =>
  Array.from({ length: n }, (_, i) => ({
    uid: `u${i}`,
    photoURL: `https://lh3.example.com/${i}.png`,
  }));

function deps(over: Partial<HeroImagesDeps> = {}) {
  let now = 1_000_000;
  const d = {
    listConsented: vi.fn(async () => profiles(6)),
    fetchImage: vi.fn(async () => PNG),
    now: () => now,
    ...over,
  };
  return { d, advance: (ms: number) => (now += ms) };
}

describe('get_hero_profile_images logic', () => {
  it('inlines each consented photo as a data URL, with the https address as fallback', async () => {
    const { d } = deps();
    const answer = await createHeroImagesHandler(d)();
    expect(answer.success).toBe(true);
    expect(answer.fromCache).toBe(false);
    expect(answer.profileImages).toHaveLength(6);
    expect(answer.profileImages[0]).toEqual({
      imageData: 'data:image/png;base64,iVBORw==',
      photoURL: 'https://lh3.example.com/0.png',
    });
    // The client's loose rule accepts the answer as it is.
    expect(parseHeroImagesAnswer(answer)).toHaveLength(6);
  });

  it('the largest photo it inlines is still accepted by the page as imageData', async () => {
    const big = { contentType: 'image/jpeg', bytes: new Uint8Array(MAX_IMAGE_BYTES) };
    const { d } = deps({ fetchImage: vi.fn(async () => big) });
    const answer = await createHeroImagesHandler(d)();
    expect(answer.profileImages[0]!.imageData).toMatch(/^data:image\/jpeg;base64,/);
    const images = parseHeroImagesAnswer(answer);
    expect(images[0]!.imageData).toBe(answer.profileImages[0]!.imageData);
  });

  it('answers from its cache for five minutes, then refreshes', async () => {
    const { d, advance } = deps();
    const handler = createHeroImagesHandler(d);
    await handler();
    advance(CACHE_MS - 1);
    expect((await handler()).fromCache).toBe(true);
    expect(d.listConsented).toHaveBeenCalledTimes(1);
    advance(1);
    expect((await handler()).fromCache).toBe(false);
    expect(d.listConsented).toHaveBeenCalledTimes(2);
  });

  it('calls during a refresh share it', async () => {
    const { d } = deps();
    const handler = createHeroImagesHandler(d);
    await Promise.all([handler(), handler(), handler()]);
    expect(d.listConsented).toHaveBeenCalledTimes(1);
    expect(d.fetchImage).toHaveBeenCalledTimes(6);
  });

  it('keeps the https address when a photo cannot be inlined (failed, too big, not an image)', async () => {
    const answers = [
      null,
      { contentType: 'image/png', bytes: new Uint8Array(200_000) },
      { contentType: 'text/html', bytes: new Uint8Array([1]) },
      { contentType: 'image/svg+xml', bytes: new Uint8Array([1]) },
    ];
    const fetchImage = vi.fn(async () => answers.shift()!);
    const { d } = deps({ listConsented: async () => profiles(4), fetchImage });
    const { profileImages } = await createHeroImagesHandler(d)();
    expect(profileImages).toEqual(profiles(4).map((p) => ({ photoURL: p.photoURL })));
  });

  it('never downloads or passes on unsafe addresses; loopback http only in the emulator', async () => {
    const listConsented = async () => [
      { uid: 'a', photoURL: 'javascript:alert(1)' },
      { uid: 'b', photoURL: 'http://example.com/a.png' },
      { uid: 'c', photoURL: 'http://127.0.0.1:9000/a.png' },
    ];
    const prod = deps({ listConsented });
    expect((await createHeroImagesHandler(prod.d)()).profileImages).toEqual([]);
    expect(prod.d.fetchImage).not.toHaveBeenCalled();
    const emulator = deps({ listConsented, allowLoopbackHttp: true });
    const { profileImages } = await createHeroImagesHandler(emulator.d)();
    expect(profileImages).toEqual([{ imageData: 'data:image/png;base64,iVBORw==' }]);
    expect(emulator.d.fetchImage).toHaveBeenCalledWith('http://127.0.0.1:9000/a.png');
  });

  it('at most 12 images; an empty list is not cached; a listing failure rejects and is retried', async () => {
    const { d } = deps({ listConsented: vi.fn(async () => profiles(30)) });
    expect((await createHeroImagesHandler(d)()).profileImages).toHaveLength(12);

    const empty = deps({ listConsented: vi.fn(async () => []) });
    const handler = createHeroImagesHandler(empty.d);
    await handler();
    expect((await handler()).fromCache).toBe(false);

    const failing = deps({
      listConsented: vi
        .fn()
        .mockRejectedValueOnce(new Error('auth down'))
        .mockResolvedValue(profiles(5)),
    });
    const h = createHeroImagesHandler(failing.d);
    await expect(h()).rejects.toThrow('auth down');
    expect((await h()).profileImages).toHaveLength(5);
  });

  it('isFetchable: only https, or loopback http when allowed, for any string', () => {
    fc.assert(
      fc.property(fc.string(), fc.boolean(), (s, loopback) => {
        const ok = isFetchable(s, loopback);
        if (ok)
          expect(
            /^https:|^http:\/\/(127\.0\.0\.1|localhost|\[::1\])[:/]/i.test(s) ||
              new URL(s).protocol === 'https:',
          ).toBe(true);
      }),
    );
    expect(isFetchable('https://lh3.googleusercontent.com/a')).toBe(true);
    expect(isFetchable('http://localhost/a.png')).toBe(false);
    expect(isFetchable('http://localhost/a.png', true)).toBe(true);
    expect(isFetchable('data:image/png;base64,AAAA', true)).toBe(false);
  });
});
