import {
  type Auth,
  getAuth,
  GoogleAuthProvider,
  signInAnonymously,
  signInWithCredential,
  signInWithEmailAndPassword,
  type UserCredential,
} from 'firebase/auth';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFirebaseAuth } from '@/adapters/firebase/firebase-auth.adapter';
import { createFirestoreWaitlist } from '@/adapters/firebase/firebase-waitlist.adapter';
import { createIsOnWaitlist } from '@/domain/use-cases/is-on-waitlist.use-case';
import { createJoinWaitlist } from '@/domain/use-cases/join-waitlist.use-case';
import { describeWaitlistContract } from '../contract/waitlist-repo.contract';
import { memoryLocalRecord } from '../support/local-record';
import {
  AUTH_EMULATOR,
  clearAuthEmulator,
  createAccount,
  fakeGoogleIdToken,
  PROJECT_ID,
  testApp,
} from '../support/emulators';
import {
  type FakeFirestore,
  isVerifiedGoogleStudent,
  startFakeFirestore,
  tokenClaims,
} from '../../stand-ins/fake-firestore-server';

// The Firestore waitlist adapter at the wire. The Firestore emulator cannot run on this machine,
// so a local HTTP server speaks the REST calls firebase/firestore/lite makes (batchGet, commit),
// records them and answers as the rules would. Students sign in on the real Auth emulator, so the
// token on each request is a real emulator ID token.

let firestore: FakeFirestore;
beforeAll(async () => {
  firestore = await startFakeFirestore();
});
afterAll(() => firestore.close());
beforeEach(async () => {
  firestore.reset();
  await clearAuthEmulator();
});

let students = 0;
/** A student signed in on the Auth emulator, and the waitlist adapter of their app. */
async function student() {
  const app = testApp();
  const email = `estudiante${++students}@alumnos.udg.mx`;
  const name = `Estudiante ${students}`;
  const auth = createFirebaseAuth({
    app,
    emulator: AUTH_EMULATOR,
    popup: (a) =>
      signInWithCredential(a, GoogleAuthProvider.credential(fakeGoogleIdToken(email, name))),
  });
  const { uid } = await auth.signInWithPopup();
  const user = getAuth(app).currentUser!;
  const repo = createFirestoreWaitlist({
    app,
    emulator: { host: firestore.host, port: firestore.port },
  });
  return { repo, uid, email, token: await user.getIdToken() };
}

/**
 * A student signed in on the Auth emulator some other way than a verified Google account, and
 * the waitlist adapter of their app.
 */
async function signedInWith(signIn: (auth: Auth) => Promise<UserCredential>) {
  const app = testApp();
  const auth = createFirebaseAuth({ app, emulator: AUTH_EMULATOR, popup: (a) => signIn(a) });
  const { uid } = await auth.signInWithPopup();
  const repo = createFirestoreWaitlist({
    app,
    emulator: { host: firestore.host, port: firestore.port },
  });
  const user = getAuth(app).currentUser!;
  return { repo, uid, email: user.email, token: await user.getIdToken() };
}

const DOCS = `/v1/projects/${PROJECT_ID}/databases/(default)/documents`;
const docName = (uid: string) =>
  `projects/${PROJECT_ID}/databases/(default)/documents/waitlist/${uid}`;

describe('Firestore waitlist adapter, at the wire', () => {
  it('exists: one batchGet of waitlist/{uid} with the student’s token; missing gives false', async () => {
    const { repo, uid, token } = await student();
    expect(await repo.exists(uid)).toBe(false);
    expect(firestore.requests).toHaveLength(1);
    expect(firestore.requests[0]).toMatchObject({
      method: 'POST',
      path: `${DOCS}:batchGet`,
      authorization: `Bearer ${token}`,
      body: { documents: [docName(uid)] },
    });
  });

  it('join: one commit setting email and collegeId, with the server time as timestamp', async () => {
    const { repo, uid, email, token } = await student();
    await repo.join(uid, { email, collegeId: 'udg-cucei', timestamp: new Date(0) });
    expect(firestore.requests).toHaveLength(1);
    const [commit] = firestore.requests;
    expect(commit).toMatchObject({ path: `${DOCS}:commit`, authorization: `Bearer ${token}` });
    expect(commit!.body).toEqual({
      writes: [
        {
          update: {
            name: docName(uid),
            fields: { email: { stringValue: email }, collegeId: { stringValue: 'udg-cucei' } },
          },
          updateTransforms: [{ fieldPath: 'timestamp', setToServerValue: 'REQUEST_TIME' }],
        },
      ],
    });
    expect(await repo.exists(uid)).toBe(true);
  });

  it('a second join (a retry whose first write went through) is refused by the rules, found to exist, and leaves one entry', async () => {
    const { repo, uid, email } = await student();
    await repo.join(uid, { email, collegeId: 'udg-cucei', timestamp: new Date() });
    firestore.requests.length = 0;
    await repo.join(uid, { email, collegeId: 'udg-cucea', timestamp: new Date() });
    expect(firestore.requests.map((r) => r.path.split(':').at(-1))).toEqual(['commit', 'batchGet']);
    expect(firestore.documents.size).toBe(1);
    const stored = firestore.documents.get(docName(uid))!;
    expect(stored.fields.collegeId).toEqual({ stringValue: 'udg-cucei' });
  });

  // firestore.rules trusts an e-mail only from a verified Google sign-in; so does the fake, and
  // each of these tokens is a real Auth emulator token of another kind.
  for (const [what, signIn] of [
    [
      'an e-mail/password account (provider password, e-mail not verified)',
      async (a: Auth) => {
        await createAccount({ email: 'clave@alumnos.udg.mx', displayName: 'Con Clave' });
        return signInWithEmailAndPassword(a, 'clave@alumnos.udg.mx', 'secret-password');
      },
    ],
    [
      'a Google account whose e-mail Google has not verified',
      (a: Auth) =>
        signInWithCredential(
          a,
          GoogleAuthProvider.credential(
            JSON.stringify({
              sub: 'google-sin-verificar',
              email: 'sin.verificar@alumnos.udg.mx',
              email_verified: false,
              name: 'Sin Verificar',
            }),
          ),
        ),
    ],
    ['an anonymous account (no e-mail at all)', (a: Auth) => signInAnonymously(a)],
  ] as const) {
    it(`join is refused for ${what}, and nothing is written`, async () => {
      const { repo, uid, email, token } = await signedInWith(signIn);
      expect(isVerifiedGoogleStudent(tokenClaims(`Bearer ${token}`))).toBe(false);
      await expect(
        repo.join(uid, { email: email ?? '', collegeId: 'udg-cucei', timestamp: new Date() }),
      ).rejects.toMatchObject({ code: 'permission-denied' });
      expect(firestore.documents.size).toBe(0);
      expect(firestore.requests.some((r) => r.path.endsWith(':commit'))).toBe(true);
    });
  }

  it('a collegeId outside the domain’s id rule is refused, as the rules refuse it', async () => {
    const { repo, uid, email } = await student();
    for (const collegeId of ['UDG-CUCEI', 'udg cucei', '=1+1', 'udg-\u202ecucei', 'a'.repeat(65)]) {
      await expect(
        repo.join(uid, { email, collegeId, timestamp: new Date() }),
      ).rejects.toMatchObject({
        code: 'permission-denied',
      });
    }
    expect(firestore.documents.size).toBe(0);
  });

  it('a verified Google student’s token passes the same check', async () => {
    const { token } = await student();
    const claims = tokenClaims(`Bearer ${token}`);
    expect(claims).toMatchObject({
      email_verified: true,
      firebase: { sign_in_provider: 'google.com' },
    });
    expect(isVerifiedGoogleStudent(claims)).toBe(true);
  });

  for (const [failure, code] of [
    ['permission-denied', 'permission-denied'],
    ['not-found', 'not-found'],
    ['unavailable', 'unavailable'],
    ['network', 'unavailable'],
  ] as const) {
    it(`maps ${failure} on read and on write to '${code}'`, async () => {
      const { repo, uid, email } = await student();
      firestore.failNext(failure);
      await expect(repo.exists(uid)).rejects.toMatchObject({ code });
      firestore.failNext(failure);
      if (failure === 'permission-denied') firestore.failNext(failure); // the follow-up read too
      await expect(
        repo.join(uid, { email, collegeId: 'udg-cucei', timestamp: new Date() }),
      ).rejects.toMatchObject({ code });
      expect(firestore.documents.size).toBe(0);
      // Nothing is lost: the retry works.
      await repo.join(uid, { email, collegeId: 'udg-cucei', timestamp: new Date() });
      expect(await repo.exists(uid)).toBe(true);
    });
  }
});

describe('Firestore waitlist behind the use cases: a server that never answers', () => {
  const college = { id: 'udg-cucei', name: 'UdeG', subname: 'CUCEI', shortName: 'UDG - CUCEI' };

  it('ends the read and the write with deadline-exceeded, and the retry writes once', async () => {
    const { repo, uid, email } = await student();
    // The spec's 15 s request timeout, shortened so the test stays quick; the same code path.
    const timeoutMs = 300;
    const isOnWaitlist = createIsOnWaitlist({ waitlist: repo, timeoutMs });
    const join = createJoinWaitlist({
      waitlist: repo,
      local: memoryLocalRecord().record,
      clock: { now: () => new Date() },
      timeoutMs,
    });
    const user = { uid, email, displayName: 'Estudiante' };

    firestore.failNext('hang');
    await expect(isOnWaitlist(uid)).rejects.toMatchObject({ code: 'deadline-exceeded' });
    firestore.failNext('hang');
    await expect(join({ user, college })).rejects.toMatchObject({ code: 'deadline-exceeded' });
    expect(firestore.documents.size).toBe(0);

    const { entry } = await join({ user, college });
    expect(entry.collegeId).toBe('udg-cucei');
    expect(firestore.documents.size).toBe(1);
    expect(await isOnWaitlist(uid)).toBe(true);
  });
});

describeWaitlistContract('firebase (Firestore REST at the wire, Auth emulator)', async () => {
  const signedIn: Awaited<ReturnType<typeof student>>[] = [];
  return {
    get repo() {
      return signedIn.at(-1)!.repo;
    },
    signIn: async () => {
      const s = await student();
      signedIn.push(s);
      return { uid: s.uid, email: s.email };
    },
    countEntries: async (uid) => (firestore.documents.has(docName(uid)) ? 1 : 0),
  };
});
