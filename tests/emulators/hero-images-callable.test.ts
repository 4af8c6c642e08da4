import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCallableHeroImages } from '@/adapters/firebase/firebase-hero-images.adapter';
import { describeHeroImagesContract } from '../contract/hero-images.contract';
import {
  clearAuthEmulator,
  createAccount,
  FUNCTIONS_EMULATOR,
  PROJECT_ID,
  testApp,
} from '../support/emulators';
import { solidPng } from '../support/png';

// The callable `get_hero_profile_images` (functions/src) running in the real Functions emulator,
// reading consented students from the real Auth emulator, called through the adapter. Profile
// photos are served by a local HTTP server (the emulator may fetch loopback http; production
// fetches https only).

// A distinct, valid PNG per student.
const png = (n: number) => solidPng(40 * n, 200 - 20 * n, 120);

let photos: http.Server;
let photoBase = '';
const consented = 6;

beforeAll(async () => {
  photos = http.createServer((req, res) => {
    const n = Number(/\/avatar-(\d+)\.png$/.exec(req.url ?? '')?.[1]);
    if (!Number.isInteger(n)) return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': 'image/png' }).end(png(n));
  });
  await new Promise<void>((r) => photos.listen(0, '127.0.0.1', r));
  photoBase = `http://127.0.0.1:${(photos.address() as AddressInfo).port}`;
  await clearAuthEmulator();
  for (let n = 1; n <= consented; n++) {
    await createAccount({
      email: `consiente${n}@alumnos.udg.mx`,
      displayName: `Consiente ${n}`,
      photoUrl: `${photoBase}/avatar-${n}.png`,
      claims: { heroConsent: true },
    });
  }
  await createAccount({
    email: 'sin-consentimiento@alumnos.udg.mx',
    displayName: 'Sin Consentimiento',
    photoUrl: `${photoBase}/avatar-99.png`,
  });
});
afterAll(() => new Promise<void>((r) => photos.close(() => r())));

const adapter = () =>
  createCallableHeroImages({ app: testApp(), region: 'us-central1', emulator: FUNCTIONS_EMULATOR });

const callRaw = async () => {
  const res = await fetch(
    `http://${FUNCTIONS_EMULATOR.host}:${FUNCTIONS_EMULATOR.port}/${PROJECT_ID}/us-central1/get_hero_profile_images`,
    { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"data":{}}' },
  );
  return (await res.json()) as {
    result: { success: boolean; fromCache: boolean; profileImages: unknown[] };
  };
};

describe('get_hero_profile_images in the Functions emulator, through the adapter', () => {
  it('returns consented students only, as many as the strip shows (5), each inlined as a PNG data URL', async () => {
    const images = await adapter().load();
    expect(images).toHaveLength(5);
    const expected = Array.from(
      { length: consented },
      (_, i) => `data:image/png;base64,${png(i + 1).toString('base64')}`,
    );
    for (const image of images) expect(expected).toContain(image.imageData);
    expect(new Set(images.map((i) => i.imageData)).size).toBe(5);
    // Loopback http is not a safe fallback address for the browser: no photoURL is passed on.
    expect(images.every((i) => i.photoURL === undefined)).toBe(true);
    expect(images.map((i) => i.imageData)).not.toContain(
      `data:image/png;base64,${png(99).toString('base64')}`,
    );
  });

  it('answers in the spec’s shape, from its cache on the next call', async () => {
    const first = await callRaw();
    expect(first.result).toMatchObject({ success: true });
    const second = await callRaw();
    expect(second.result.fromCache).toBe(true);
    expect(second.result.profileImages).toEqual(first.result.profileImages);
  });

  it('an unreachable function is an error with a backend code, not a crash', async () => {
    const down = createCallableHeroImages({
      app: testApp(),
      region: 'us-central1',
      emulator: { host: '127.0.0.1', port: 9 },
    });
    await expect(down.load()).rejects.toMatchObject({
      code: expect.stringMatching(/^(internal|unavailable|unknown|deadline-exceeded)$/),
    });
  });
});

describeHeroImagesContract('firebase (Functions + Auth emulators)', async () => adapter());
