import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCallableHeroImages } from '@/adapters/firebase/firebase-hero-images.adapter';
import { startFakeFirestore, type FakeFirestore } from '../../stand-ins/fake-firestore-server';
import { describeHeroImagesContract } from '../contract/hero-images.contract';
import {
  AUTH_EMULATOR,
  clearAuthEmulator,
  createAccount,
  documentName,
  firestoreStandInHost,
  FUNCTIONS_EMULATOR,
  PROJECT_ID,
  testApp,
} from '../support/emulators';
import { solidPng } from '../support/png';

// The callable `get_hero_profile_images` (functions/src) running in the real Functions emulator,
// called through the adapter: it reads the consent records `heroConsent/{uid}` from Firestore
// (the REST stand-in at FIRESTORE_EMULATOR_HOST, through firebase-admin with preferRest: the
// Firestore emulator cannot run here) and those students' profiles from the real Auth emulator.
// Profile photos are served by a local HTTP server (the emulator may fetch loopback http;
// production fetches https only).

// A distinct, valid PNG per student.
const png = (n: number) => solidPng(40 * n, 200 - 20 * n, 120);

let photos: http.Server;
let firestore: FakeFirestore;
let photoBase = '';
const consented = 6;

function seedConsent(uid: string, granted: string) {
  const name = documentName(`heroConsent/${uid}`);
  firestore.documents.set(name, {
    name,
    fields: { grantedAt: { timestampValue: granted } },
    createTime: granted,
  });
}

async function disableAccount(localId: string) {
  const res = await fetch(
    `http://${AUTH_EMULATOR.host}:${AUTH_EMULATOR.port}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:update`,
    {
      method: 'POST',
      headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
      body: JSON.stringify({ localId, disableUser: true }),
    },
  );
  if (!res.ok) throw new Error(`Could not disable ${localId}: ${res.status}`);
}

beforeAll(async () => {
  firestore = await startFakeFirestore(firestoreStandInHost().port);
  photos = http.createServer((req, res) => {
    const n = Number(/\/avatar-(\d+)\.png$/.exec(req.url ?? '')?.[1]);
    if (!Number.isInteger(n)) return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': 'image/png' }).end(png(n));
  });
  await new Promise<void>((r) => photos.listen(0, '127.0.0.1', r));
  photoBase = `http://127.0.0.1:${(photos.address() as AddressInfo).port}`;
  await clearAuthEmulator();
  // Consent n was granted on day n: the newest five are 2..6.
  for (let n = 1; n <= consented; n++) {
    const uid = await createAccount({
      email: `consiente${n}@alumnos.udg.mx`,
      displayName: `Consiente ${n}`,
      photoUrl: `${photoBase}/avatar-${n}.png`,
    });
    seedConsent(uid, `2026-03-0${n}T12:00:00.000Z`);
  }
  // No consent record: never shown, even with the retired custom claim.
  await createAccount({
    email: 'sin-consentimiento@alumnos.udg.mx',
    displayName: 'Sin Consentimiento',
    photoUrl: `${photoBase}/avatar-97.png`,
    claims: { heroConsent: true },
  });
  // The newest records, of a disabled account and of an account without a photo: skipped.
  const disabled = await createAccount({
    email: 'deshabilitada@alumnos.udg.mx',
    displayName: 'Deshabilitada',
    photoUrl: `${photoBase}/avatar-98.png`,
  });
  await disableAccount(disabled);
  seedConsent(disabled, '2026-03-20T12:00:00.000Z');
  const noPhoto = await createAccount({
    email: 'sin-foto@alumnos.udg.mx',
    displayName: 'Sin Foto',
  });
  seedConsent(noPhoto, '2026-03-21T12:00:00.000Z');
  // A record whose account is gone.
  seedConsent('cuenta-borrada', '2026-03-22T12:00:00.000Z');
});
afterAll(async () => {
  await new Promise<void>((r) => photos.close(() => r()));
  await firestore.close();
});

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
  it('returns the five newest current consents with a photo and an enabled account, each inlined as a PNG data URL', async () => {
    const images = await adapter().load();
    expect(images).toHaveLength(5);
    const dataUrl = (n: number) => `data:image/png;base64,${png(n).toString('base64')}`;
    expect(new Set(images.map((i) => i.imageData))).toEqual(new Set([2, 3, 4, 5, 6].map(dataUrl)));
    // Loopback http is not a safe fallback address for the browser: no photoURL is passed on.
    expect(images.every((i) => i.photoURL === undefined)).toBe(true);
    // It read the consent records with one bounded query, newest first, and no field of them.
    const queries = firestore.requests.filter((r) => r.path.endsWith('/documents:runQuery'));
    expect(queries).toHaveLength(1);
    expect(queries[0]).toMatchObject({
      authorization: 'Bearer owner',
      body: {
        structuredQuery: {
          from: [{ collectionId: 'heroConsent' }],
          orderBy: [{ field: { fieldPath: 'grantedAt' }, direction: 2 }],
          select: { fields: [{ fieldPath: '__name__' }] },
          limit: 20,
        },
      },
    });
    // Nothing else of Firestore is read or written.
    expect(firestore.requests.every((r) => r.path.endsWith('/documents:runQuery'))).toBe(true);
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
