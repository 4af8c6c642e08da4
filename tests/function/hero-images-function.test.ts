import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  allowedOrigins,
  CACHE_MS,
  type ConsentedProfile,
  createHeroImagesHandler,
  createPhotoFetcher,
  EMPTY_CACHE_MS,
  type HeroImagesDeps,
  isAllowedPhoto,
  MAX_IMAGE_BYTES,
  MAX_IMAGES,
  MAX_CONSENT_RECORDS,
  PHOTO_HOSTS,
  readConsented,
} from '../../functions/src/hero-images.logic';
import { heroImagesOfAnswer } from '@/adapters/firebase/hero-images-answer';

// The logic of the callable get_hero_profile_images (functions/src/hero-images.logic.ts), on its own.
// The function itself runs in the Functions emulator in tests/firebase.

const PNG = { contentType: 'image/png', bytes: new Uint8Array([137, 80, 78, 71]) };
const photo = (i: number) => `https://lh3.googleusercontent.com/a/${i}=s96-c`;
const profiles = (n: number): ConsentedProfile[] =>
  Array.from({ length: n }, (_, i) => ({ uid: `u${i}`, photoURL: photo(i) }));

function deps(over: Partial<HeroImagesDeps> = {}) {
  let now = 1_000_000;
  const d = {
    listConsented: vi.fn(async (limit: number) => profiles(Math.min(limit, 5))),
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
    expect(answer.profileImages).toHaveLength(5);
    expect(answer.profileImages[0]).toEqual({
      imageData: 'data:image/png;base64,iVBORw==',
      photoURL: photo(0),
    });
    // The client's loose rule accepts the answer as it is.
    expect(heroImagesOfAnswer(answer)).toHaveLength(5);
  });

  it('the largest photo it inlines is still accepted by the page as imageData', async () => {
    const big = { contentType: 'image/jpeg', bytes: new Uint8Array(MAX_IMAGE_BYTES) };
    const { d } = deps({ fetchImage: vi.fn(async () => big) });
    const answer = await createHeroImagesHandler(d)();
    expect(answer.profileImages[0]!.imageData).toMatch(/^data:image\/jpeg;base64,/);
    const images = heroImagesOfAnswer(answer);
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

  it('the kill switch empties the strip at once, cache or not, and lists nobody meanwhile', async () => {
    let on = true;
    const { d } = deps({ stripEnabled: vi.fn(async () => on) });
    const handler = createHeroImagesHandler(d);
    expect((await handler()).profileImages).toHaveLength(5);
    on = false;
    expect(await handler()).toEqual({ success: true, profileImages: [], fromCache: false });
    expect(d.listConsented).toHaveBeenCalledTimes(1);
    on = true;
    expect((await handler()).fromCache).toBe(false); // read afresh once switched on again
    expect(d.listConsented).toHaveBeenCalledTimes(2);
  });

  it('never answers more than the strip’s five, whatever the source gives', async () => {
    const { d } = deps({ listConsented: vi.fn(async () => profiles(12)), maxImages: 12 });
    expect((await createHeroImagesHandler(d)()).profileImages).toHaveLength(5);
  });

  it('caches an empty answer too, for a minute', async () => {
    const { d, advance } = deps({ listConsented: vi.fn(async () => []) });
    const handler = createHeroImagesHandler(d);
    expect(await handler()).toEqual({ success: true, profileImages: [], fromCache: false });
    advance(EMPTY_CACHE_MS - 1);
    expect(await handler()).toEqual({ success: true, profileImages: [], fromCache: true });
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
    expect(d.fetchImage).toHaveBeenCalledTimes(5);
  });

  it('sends no more images than the strip shows (5), and asks the consent source for no more', async () => {
    expect(MAX_IMAGES).toBe(5);
    const listConsented = vi.fn(async () => profiles(30));
    const { d } = deps({ listConsented, maxImages: 12 });
    const answer = await createHeroImagesHandler(d)();
    expect(answer.profileImages).toHaveLength(5);
    expect(listConsented).toHaveBeenCalledWith(5, expect.any(AbortSignal));
    expect(d.fetchImage).toHaveBeenCalledTimes(5);
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

  it('accepts photos only from Google’s photo hosts; loopback http only in the emulator', async () => {
    const listConsented = async () => [
      { uid: 'a', photoURL: 'javascript:alert(1)' },
      { uid: 'b', photoURL: 'http://example.com/a.png' },
      { uid: 'c', photoURL: 'https://example.com/a.png' },
      { uid: 'd', photoURL: 'https://metadata.google.internal/computeMetadata/v1/' },
      { uid: 'e', photoURL: 'http://127.0.0.1:9000/a.png' },
    ];
    const prod = deps({ listConsented });
    expect((await createHeroImagesHandler(prod.d)()).profileImages).toEqual([]);
    expect(prod.d.fetchImage).not.toHaveBeenCalled();
    const emulator = deps({ listConsented, allowLoopbackHttp: true });
    const { profileImages } = await createHeroImagesHandler(emulator.d)();
    expect(profileImages).toEqual([{ imageData: 'data:image/png;base64,iVBORw==' }]);
    expect(emulator.d.fetchImage).toHaveBeenCalledTimes(1);
    expect(emulator.d.fetchImage).toHaveBeenCalledWith(
      'http://127.0.0.1:9000/a.png',
      expect.any(AbortSignal),
    );
  });

  it('bounds one call: downloads still running when the budget ends are abandoned', async () => {
    const signals: AbortSignal[] = [];
    const fetchImage = vi.fn(
      (_url: string, signal: AbortSignal) =>
        new Promise<null>((resolve) => {
          signals.push(signal);
          signal.addEventListener('abort', () => resolve(null));
        }),
    );
    const { d } = deps({ fetchImage, budgetMs: 100 });
    const started = performance.now();
    const answer = await createHeroImagesHandler(d)();
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(signals.every((s) => s.aborted)).toBe(true);
    // Each avatar keeps its address.
    expect(answer.profileImages).toEqual(profiles(5).map((p) => ({ photoURL: p.photoURL })));
  });

  it('bounds one call: a consent source that hangs fails the call in time, and is not cached', async () => {
    const listConsented = vi
      .fn()
      .mockImplementationOnce(() => new Promise(() => {}))
      .mockResolvedValue(profiles(2));
    const { d } = deps({ listConsented, budgetMs: 100 });
    const handler = createHeroImagesHandler(d);
    await expect(handler()).rejects.toThrow();
    expect((await handler()).profileImages).toHaveLength(2);
  });

  it('a listing failure rejects and is retried on the next call', async () => {
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

  it('isAllowedPhoto: only https on a Google photo host, or loopback http when allowed, for any string', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc
            .tuple(
              fc.constantFrom('http', 'https', 'ftp', 'javascript'),
              fc.constantFrom(
                ...PHOTO_HOSTS,
                'localhost',
                '127.0.0.1',
                'example.com',
                'lh3.googleusercontent.com.mx',
              ),
              fc.constantFrom('', ':443', ':8080', '@x'),
              fc.string(),
            )
            .map(([scheme, host, suffix, path]) => `${scheme}://${host}${suffix}/${path}`),
        ),
        fc.boolean(),
        (s, loopback) => {
          if (isAllowedPhoto(s, loopback)) {
            const url = new URL(s);
            expect(
              (url.protocol === 'https:' && PHOTO_HOSTS.includes(url.hostname)) ||
                (loopback && url.protocol === 'http:'),
            ).toBe(true);
          }
        },
      ),
    );
    expect(isAllowedPhoto('https://lh3.googleusercontent.com/a/x=s96-c')).toBe(true);
    expect(isAllowedPhoto('https://lh3.googleusercontent.com.evil.mx/a')).toBe(false);
    expect(isAllowedPhoto('https://lh3.googleusercontent.com:8443/a')).toBe(false);
    expect(isAllowedPhoto('https://user@lh3.googleusercontent.com/a')).toBe(false);
    expect(isAllowedPhoto('https://googleusercontent.com/a')).toBe(false);
    expect(isAllowedPhoto('http://lh3.googleusercontent.com/a')).toBe(false);
    expect(isAllowedPhoto('http://localhost/a.png')).toBe(false);
    expect(isAllowedPhoto('http://localhost/a.png', true)).toBe(true);
    expect(isAllowedPhoto('http://10.0.0.1/a.png', true)).toBe(false);
    expect(isAllowedPhoto('data:image/png;base64,AAAA', true)).toBe(false);
  });
});

describe('readConsented: only current consent records, and those students’ profiles', () => {
  const signal = new AbortController().signal;
  /**
   * Consent records, oldest first, and the Auth accounts they name; by default every consenting
   * student is on the list and their current photo approved.
   */
  const sources = (
    uids: string[],
    accounts: Record<string, { photoURL?: string; disabled?: boolean }>,
    { offList = [], approved }: { offList?: string[]; approved?: Record<string, string> } = {},
  ) => ({
    listConsentUids: vi.fn(async (max: number) => uids.slice(0, max)),
    getProfiles: vi.fn(async (wanted: string[]) =>
      wanted.filter((uid) => uid in accounts).map((uid) => ({ uid, ...accounts[uid] })),
    ),
    onList: vi.fn(async (wanted: string[]) => new Set(wanted.filter((u) => !offList.includes(u)))),
    approvedPhotos: vi.fn(
      async (wanted: string[]) =>
        new Map(
          wanted.flatMap((uid) => {
            const url = approved ? approved[uid] : accounts[uid]?.photoURL;
            return url ? [[uid, url] as const] : [];
          }),
        ),
    ),
  });

  it('shows only students on the list whose current Google photo on Google’s hosts is the approved one', async () => {
    const s = sources(
      ['ok', 'offlist', 'pending', 'changed', 'foreign', 'rejected'],
      {
        ok: { photoURL: photo(1) },
        offlist: { photoURL: photo(2) },
        pending: { photoURL: photo(3) },
        changed: { photoURL: photo(4) },
        foreign: { photoURL: 'https://tracker.example/pixel.png' },
        rejected: { photoURL: photo(6) },
      },
      {
        offList: ['offlist'],
        approved: {
          ok: photo(1),
          offlist: photo(2),
          changed: photo(40), // approved before the student changed their photo
          foreign: 'https://tracker.example/pixel.png',
        },
      },
    );
    const found = await readConsented(s, { limit: 5, maxRecords: 20, signal });
    expect(found).toEqual([{ uid: 'ok', photoURL: photo(1) }]);
    expect(s.onList).toHaveBeenCalledWith(
      ['ok', 'offlist', 'pending', 'changed', 'foreign', 'rejected'],
      signal,
    );
  });

  it('keeps consent order (oldest first), skipping students without a photo, disabled or gone', async () => {
    const s = sources(['new', 'nophoto', 'off', 'gone', 'old'], {
      new: { photoURL: photo(1) },
      nophoto: {},
      off: { photoURL: photo(2), disabled: true },
      old: { photoURL: photo(3) },
      // An account with a photo and no consent record is never asked for.
      other: { photoURL: photo(4) },
    });
    const found = await readConsented(s, { limit: 5, maxRecords: 20, signal });
    expect(found).toEqual([
      { uid: 'new', photoURL: photo(1) },
      { uid: 'old', photoURL: photo(3) },
    ]);
    expect(s.approvedPhotos).toHaveBeenCalledTimes(1);
    expect(s.listConsentUids).toHaveBeenCalledWith(20, signal);
    expect(s.getProfiles).toHaveBeenCalledTimes(1);
    expect(s.getProfiles).toHaveBeenCalledWith(['new', 'nophoto', 'off', 'gone', 'old'], signal);
  });

  it('reads at most maxRecords consent records and looks up exactly those profiles', async () => {
    const uids = Array.from({ length: 500 }, (_, i) => `u${i}`);
    const s = sources(uids, Object.fromEntries(uids.map((u) => [u, {}])));
    // A source that ignores the bound is cut to it.
    s.listConsentUids.mockImplementation(async () => uids);
    const found = await readConsented(s, { limit: 5, maxRecords: MAX_CONSENT_RECORDS, signal });
    expect(found).toEqual([]);
    expect(s.getProfiles.mock.calls[0]![0]).toEqual(uids.slice(0, MAX_CONSENT_RECORDS));
    expect(MAX_CONSENT_RECORDS).toBeLessThanOrEqual(100); // getUsers takes at most 100.
  });

  it('stops at the limit, and reads no profile when there is no consent', async () => {
    const uids = Array.from({ length: 12 }, (_, i) => `u${i}`);
    const s = sources(uids, Object.fromEntries(uids.map((u, i) => [u, { photoURL: photo(i) }])));
    const found = await readConsented(s, { limit: 5, maxRecords: 20, signal });
    expect(found.map((p) => p.uid)).toEqual(['u0', 'u1', 'u2', 'u3', 'u4']);
    const none = sources([], {});
    expect(await readConsented(none, { limit: 5, maxRecords: 20, signal })).toEqual([]);
    expect(none.getProfiles).not.toHaveBeenCalled();
  });

  it('stops when the call’s budget is spent', async () => {
    const controller = new AbortController();
    const s = sources(['a'], { a: { photoURL: photo(1) } });
    s.listConsentUids.mockImplementation(async () => {
      controller.abort(new Error('budget spent'));
      return ['a'];
    });
    await expect(
      readConsented(s, { limit: 5, maxRecords: 20, signal: controller.signal }),
    ).rejects.toThrow('budget spent');
    expect(s.getProfiles).not.toHaveBeenCalled();
  });
});

describe('createPhotoFetcher: one photo, at the wire', () => {
  let server: http.Server;
  let base = '';
  const requested: string[] = [];
  /** Bytes the server has written for the endless photo, to check the fetcher stopped early. */
  let endlessWritten = 0;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      requested.push(req.url ?? '');
      const png = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
      switch (req.url) {
        case '/ok.png':
          return void res.writeHead(200, { 'Content-Type': 'image/png' }).end(png);
        case '/redirect':
          return void res.writeHead(302, { Location: '/ok.png' }).end();
        case '/big-declared':
          res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': '10000000' });
          return void res.write(Buffer.alloc(1000));
        case '/endless': {
          // Chunked, no Content-Length, never ends unless the client goes away.
          res.writeHead(200, { 'Content-Type': 'image/png' });
          const chunk = Buffer.alloc(16_384, 1);
          const timer = setInterval(() => {
            if (res.destroyed || endlessWritten > 50_000_000) return clearInterval(timer);
            endlessWritten += chunk.length;
            res.write(chunk);
          }, 1);
          res.on('close', () => clearInterval(timer));
          return;
        }
        case '/html':
          return void res.writeHead(200, { 'Content-Type': 'text/html' }).end('<p>hola</p>');
        case '/missing':
          return void res.writeHead(404).end();
        case '/slow':
          return void setTimeout(() => res.writeHead(200).end(), 5_000);
        default:
          return void res.writeHead(500).end();
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(
    () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  );

  const signal = () => new AbortController().signal;

  it('reads a photo within the limit', async () => {
    const got = await createPhotoFetcher()(`${base}/ok.png`, signal());
    expect(got).toEqual({
      contentType: 'image/png',
      bytes: new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]),
    });
  });

  it('refuses a redirect, and never requests its target', async () => {
    requested.length = 0;
    const failures: string[] = [];
    const fetcher = createPhotoFetcher({ onFailure: (_u, reason) => failures.push(reason) });
    expect(await fetcher(`${base}/redirect`, signal())).toBeNull();
    expect(requested).toEqual(['/redirect']);
    expect(failures).toHaveLength(1);
  });

  it('drops a photo whose Content-Length is over the limit without reading it', async () => {
    const failures: string[] = [];
    const fetcher = createPhotoFetcher({ onFailure: (_u, reason) => failures.push(reason) });
    expect(await fetcher(`${base}/big-declared`, signal())).toBeNull();
    expect(failures).toEqual([`Content-Length 10000000 over ${MAX_IMAGE_BYTES}`]);
  });

  it('stops reading a photo past the limit instead of buffering it whole', async () => {
    endlessWritten = 0;
    const failures: string[] = [];
    const fetcher = createPhotoFetcher({ onFailure: (_u, reason) => failures.push(reason) });
    const started = performance.now();
    expect(await fetcher(`${base}/endless`, signal())).toBeNull();
    expect(failures).toEqual([`more than ${MAX_IMAGE_BYTES} bytes`]);
    expect(performance.now() - started).toBeLessThan(3_000);
    // The connection is dropped: the server stops writing soon after the limit.
    await new Promise((r) => setTimeout(r, 200));
    const afterStop = endlessWritten;
    await new Promise((r) => setTimeout(r, 200));
    expect(endlessWritten).toBe(afterStop);
    expect(afterStop).toBeLessThan(10 * MAX_IMAGE_BYTES);
  });

  it('refuses what is not an image, or not a 200', async () => {
    const fetcher = createPhotoFetcher();
    expect(await fetcher(`${base}/html`, signal())).toBeNull();
    expect(await fetcher(`${base}/missing`, signal())).toBeNull();
  });

  it('gives up at its timeout, and when the call’s signal aborts', async () => {
    const started = performance.now();
    expect(await createPhotoFetcher({ timeoutMs: 100 })(`${base}/slow`, signal())).toBeNull();
    const controller = new AbortController();
    const pending = createPhotoFetcher()(`${base}/slow`, controller.signal);
    setTimeout(() => controller.abort(), 100);
    expect(await pending).toBeNull();
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe('allowedOrigins: the callable serves only our site', () => {
  it('production: exactly the https origin of SITE_ORIGIN', () => {
    expect(allowedOrigins({ siteOrigin: 'https://deestudiantes.mx', emulator: false })).toEqual([
      'https://deestudiantes.mx',
    ]);
    expect(
      allowedOrigins({ siteOrigin: 'https://deestudiantes.mx/lista/', emulator: false }),
    ).toEqual(['https://deestudiantes.mx']);
  });

  it('production without a usable site origin refuses to start', () => {
    for (const siteOrigin of [undefined, '', 'deestudiantes.mx', 'http://deestudiantes.mx', '*']) {
      expect(() => allowedOrigins({ siteOrigin, emulator: false })).toThrow(/SITE_ORIGIN/);
    }
  });

  it('the emulator: loopback origins only', () => {
    const [loopback] = allowedOrigins({ siteOrigin: undefined, emulator: true });
    const accepts = (origin: string) => (loopback as RegExp).test(origin);
    expect(accepts('http://127.0.0.1:4174')).toBe(true);
    expect(accepts('http://localhost:5173')).toBe(true);
    expect(accepts('https://evil.example')).toBe(false);
    expect(accepts('http://127.0.0.1.evil.example')).toBe(false);
    expect(accepts('http://localhost:5173.evil.example')).toBe(false);
  });
});
