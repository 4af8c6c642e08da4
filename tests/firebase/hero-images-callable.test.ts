import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createCallableHeroImages } from '@/adapters/firebase/firebase-hero-images.adapter';
import { describeHeroImagesContract } from '../app/contract/hero-images.contract';
import {
  AUTH_EMULATOR,
  clearAuthEmulator,
  createAccount,
  createGoogleAccount,
  FUNCTIONS_EMULATOR,
  PROJECT_ID,
  setAccountPhoto,
  testApp,
} from '../support/emulators';
import { db, describeFirestore, firestoreAvailable, type Fields } from '../support/firestore';
import { solidPng } from '../support/png';
import { COLLECTIONS } from '@/adapters/firebase/firestore-names';

// The callable `get_hero_profile_images` (functions/src/hero-images.ts) running in the real Functions emulator,
// called through the adapter: it reads the consent records `heroConsent/{uid}`, the entries
// `waitlist/{uid}`, the operator's approvals `heroApproval/{uid}` and the kill switch from the real
// Firestore emulator (through firebase-admin with preferRest) and those students' profiles from
// the real Auth emulator.
// Profile photos are served by a local HTTP server (the emulator may fetch loopback http;
// production fetches https only).

// A distinct, valid PNG per student.
const png = (n: number) => solidPng(40 * n, 200 - 20 * n, 120);

let photos: http.Server | undefined;
let photoBase = '';
const consented = 6;

const seed = (path: string, fields: Fields) => db.put(path, fields);

const seedConsent = (uid: string, granted: string) =>
  seed(`${COLLECTIONS.heroConsent}/${uid}`, { grantedAt: { timestampValue: granted } });

/** On the list, consenting since `granted`, and the photo approved by the operator. */
async function seedShown(uid: string, granted: string, photoURL: string) {
  await seed(`${COLLECTIONS.waitlist}/${uid}`, { email: { stringValue: `${uid}@alumnos.udg.mx` } });
  await seedConsent(uid, granted);
  await seed(`${COLLECTIONS.heroApproval}/${uid}`, {
    photoURL: { stringValue: photoURL },
    approved: { booleanValue: true },
  });
}
/** The documents the strip reads: nothing the function does may change them. */
const heroState = () => db.snapshot('heroConsent', 'waitlist', 'heroApproval', 'heroSettings');

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
  if (!firestoreAvailable) return;
  await db.clear();
  const server = http.createServer((req, res) => {
    const n = Number(/\/avatar-(\d+)\.png$/.exec(req.url ?? '')?.[1]);
    if (!Number.isInteger(n)) return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': 'image/png' }).end(png(n));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  photos = server;
  photoBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await clearAuthEmulator();
  // Consent n was granted on day n, n = 3..8: the oldest five are 3..7. Each student signed in
  // with Google (the photo is their google.com provider's), is on the list and approved.
  for (let n = 3; n <= consented + 2; n++) {
    const picture = `${photoBase}/avatar-${n}.png`;
    const uid = await createGoogleAccount({
      email: `consiente${n}@alumnos.udg.mx`,
      displayName: `Consiente ${n}`,
      picture,
    });
    await seedShown(uid, `2026-03-0${n}T12:00:00.000Z`, picture);
    // Student 3 rewrote their own photoURL: the provider's photo is still the one shown.
    if (n === 3) await setAccountPhoto(uid, `${photoBase}/avatar-90.png`);
  }
  // No consent record: never shown, even with the retired custom claim.
  await createAccount({
    email: 'sin-consentimiento@alumnos.udg.mx',
    displayName: 'Sin Consentimiento',
    photoUrl: `${photoBase}/avatar-97.png`,
    claims: { heroConsent: true },
  });
  // Older consent records that are never shown: a disabled account, an account without a photo,
  // a password account (no Google photo, whatever its photoURL), a student not on the list, a
  // photo never approved, a photo changed since its approval, and an account that is gone.
  const disabled = await createGoogleAccount({
    email: 'deshabilitada@alumnos.udg.mx',
    displayName: 'Deshabilitada',
    picture: `${photoBase}/avatar-98.png`,
  });
  await disableAccount(disabled);
  await seedShown(disabled, '2026-02-01T12:00:00.000Z', `${photoBase}/avatar-98.png`);
  const noPhoto = await createGoogleAccount({
    email: 'sin-foto@alumnos.udg.mx',
    displayName: 'Sin Foto',
  });
  await seedShown(noPhoto, '2026-02-02T12:00:00.000Z', `${photoBase}/avatar-99.png`);
  const password = await createAccount({
    email: 'contrasena@alumnos.udg.mx',
    displayName: 'Contraseña',
    photoUrl: `${photoBase}/avatar-91.png`,
  });
  await seedShown(password, '2026-02-03T12:00:00.000Z', `${photoBase}/avatar-91.png`);
  const offList = await createGoogleAccount({
    email: 'fuera@alumnos.udg.mx',
    displayName: 'Fuera',
    picture: `${photoBase}/avatar-92.png`,
  });
  await seedShown(offList, '2026-02-04T12:00:00.000Z', `${photoBase}/avatar-92.png`);
  await db.remove(`${COLLECTIONS.waitlist}/${offList}`);
  const pending = await createGoogleAccount({
    email: 'pendiente@alumnos.udg.mx',
    displayName: 'Pendiente',
    picture: `${photoBase}/avatar-93.png`,
  });
  await seedShown(pending, '2026-02-05T12:00:00.000Z', `${photoBase}/avatar-93.png`);
  await db.remove(`${COLLECTIONS.heroApproval}/${pending}`);
  const changed = await createGoogleAccount({
    email: 'cambio@alumnos.udg.mx',
    displayName: 'Cambió',
    picture: `${photoBase}/avatar-94.png`,
  });
  await seedShown(changed, '2026-02-06T12:00:00.000Z', `${photoBase}/avatar-95.png`);
  await seedShown('cuenta-borrada', '2026-02-07T12:00:00.000Z', `${photoBase}/avatar-96.png`);
});
afterAll(async () => {
  const server = photos;
  if (server) await new Promise<void>((r) => server.close(() => r()));
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

describeFirestore('get_hero_profile_images in the Functions emulator, through the adapter', () => {
  it('returns the five oldest current consents of approved Google photos of students on the list, each inlined as a PNG data URL', async () => {
    const before = await heroState();
    const images = await adapter().load();
    expect(images).toHaveLength(5);
    const dataUrl = (n: number) => `data:image/png;base64,${png(n).toString('base64')}`;
    expect(new Set(images.map((i) => i.imageData))).toEqual(new Set([3, 4, 5, 6, 7].map(dataUrl)));
    // Loopback http is not a safe fallback address for the browser: no photoURL is passed on.
    expect(images.every((i) => i.photoURL === undefined)).toBe(true);
    // Nothing it reads is written. (Its query's order, oldest first, is what the five above show;
    // the bounds of its reads are tested on readConsented in tests/function.)
    expect(await heroState()).toEqual(before);
  });

  it('answers in the spec’s shape, from its cache on the next call', async () => {
    const first = await callRaw();
    expect(first.result).toMatchObject({ success: true });
    const second = await callRaw();
    expect(second.result.fromCache).toBe(true);
    expect(second.result.profileImages).toEqual(first.result.profileImages);
  });

  it('the kill switch empties the strip at once, and switched on again it shows them', async () => {
    await seed(`${COLLECTIONS.heroSettings}/strip`, { enabled: { booleanValue: false } });
    expect((await callRaw()).result).toEqual({
      success: true,
      profileImages: [],
      fromCache: false,
    });
    await db.remove(`${COLLECTIONS.heroSettings}/strip`);
    expect((await callRaw()).result.profileImages).toHaveLength(5);
  });

  it('earlier consents without an approval never hide the approved photos (issue 51)', async () => {
    // Twenty-five students who consented before everyone shown, on the list, never approved:
    // the twenty oldest consents alone would all be theirs.
    for (let n = 10; n < 35; n++) {
      const uid = `sin-aprobar-${n}`;
      await seed(`${COLLECTIONS.waitlist}/${uid}`, {
        email: { stringValue: `${uid}@alumnos.udg.mx` },
      });
      await seedConsent(uid, `2026-01-${String(n - 9).padStart(2, '0')}T12:00:00.000Z`);
    }
    // The kill switch off and on again: the function reads the strip afresh.
    await seed(`${COLLECTIONS.heroSettings}/strip`, { enabled: { booleanValue: false } });
    expect((await callRaw()).result.profileImages).toEqual([]);
    await db.remove(`${COLLECTIONS.heroSettings}/strip`);
    const fresh = await callRaw();
    expect(fresh.result.fromCache).toBe(false);
    expect(fresh.result.profileImages).toHaveLength(5);
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

describeFirestore('HeroImages contract on Firestore', () => {
  describeHeroImagesContract('firebase (Functions, Auth and Firestore emulators)', async () =>
    adapter(),
  );
});
