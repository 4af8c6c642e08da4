import { PRIVACY_NOTICE_VERSION } from '@/domain/join-terms';
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
import { createFirestoreHeroConsent } from '@/adapters/firebase/firebase-hero-consent.adapter';
import { createCheckWaitlistStatus } from '@/domain/use-cases/waitlist-status.use-case';
import { createJoinWaitlist } from '@/domain/use-cases/join-waitlist.use-case';
import { describeWaitlistContract } from '../app/contract/waitlist-repo.contract';
import { describeHeroConsentContract } from '../app/contract/hero-consent.contract';
import { memoryLocalRecord } from '../support/local-record';
import {
  AUTH_EMULATOR,
  clearAuthEmulator,
  createAccount,
  PROJECT_ID,
  testApp,
} from '../support/emulators';
import { signedInWithGoogle } from '../support/google-sign-in';
import {
  db,
  ageCollegeChange,
  describeFirestore,
  firestoreAvailable,
  type FirestoreProxy,
  startFirestoreProxy,
} from '../support/firestore';
import { COLLECTIONS } from '@/adapters/firebase/firestore-names';
import { AppError } from '@/domain/errors';

// The Firestore waitlist and hero-consent adapters at the wire, against the real Firestore
// emulator with firestore.rules loaded (tests/support/firestore.ts). The SDK's REST calls
// (firebase/firestore/lite: batchGet, commit) pass through a recording proxy that can also fail
// them on demand. Students sign in on the real Auth emulator, so the token on each request is a
// real emulator ID token.

let firestore: FirestoreProxy;
beforeAll(async () => {
  if (firestoreAvailable) firestore = await startFirestoreProxy();
});
afterAll(() => firestore?.close());
beforeEach(async () => {
  if (!firestoreAvailable) return;
  firestore.reset();
  await db.clear();
  await clearAuthEmulator();
});

/** The claims of an Auth emulator ID token (an unsigned JWT). */
const tokenClaims = (token: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
const entries = async () => (await db.ids('waitlist')).length;

let students = 0;
/** A student signed in on the Auth emulator, and the waitlist adapter of their app. */
async function student() {
  const email = `estudiante${++students}@alumnos.udg.mx`;
  const { app, uid } = await signedInWithGoogle(email, `Estudiante ${students}`);
  const user = getAuth(app).currentUser!;
  const emulator = { host: firestore.host, port: firestore.port };
  const repo = createFirestoreWaitlist({ app, emulator });
  const consent = createFirestoreHeroConsent({ app, emulator });
  return { repo, consent, uid, email, token: await user.getIdToken() };
}

/** Puts a student on the list behind the API (consent needs an entry, firestore.rules). */
function putOnList(uid: string, email = `${uid}@alumnos.udg.mx`) {
  return db.put(`${COLLECTIONS.waitlist}/${uid}`, {
    email: { stringValue: email },
    collegeId: { stringValue: 'udg-cucei' },
    timestamp: { timestampValue: new Date().toISOString() },
    adult: { booleanValue: true },
    noticeVersion: { stringValue: PRIVACY_NOTICE_VERSION },
  });
}

/**
 * A student signed in on the Auth emulator some other way than a verified Google account, and
 * the waitlist adapter of their app.
 */
async function signedInWith(signIn: (auth: Auth) => Promise<UserCredential>) {
  const app = testApp();
  const auth = createFirebaseAuth({ app, emulator: AUTH_EMULATOR, popup: (a) => signIn(a) });
  const { uid } = await auth.signInWithPopup();
  const emulator = { host: firestore.host, port: firestore.port };
  const repo = createFirestoreWaitlist({ app, emulator });
  const consent = createFirestoreHeroConsent({ app, emulator });
  const user = getAuth(app).currentUser!;
  return { repo, consent, uid, email: user.email, token: await user.getIdToken() };
}

const DOCS = `/v1/projects/${PROJECT_ID}/databases/(default)/documents`;
const docName = (uid: string) =>
  `projects/${PROJECT_ID}/databases/(default)/documents/waitlist/${uid}`;
const consentName = (uid: string) =>
  `projects/${PROJECT_ID}/databases/(default)/documents/heroConsent/${uid}`;

describeFirestore('Firestore waitlist adapter, at the wire', () => {
  it('get: one batchGet of waitlist/{uid} with the student’s token; missing gives null', async () => {
    const { repo, uid, token } = await student();
    expect(await repo.get(uid)).toBeNull();
    expect(firestore.requests).toHaveLength(1);
    expect(firestore.requests[0]).toMatchObject({
      method: 'POST',
      path: `${DOCS}:batchGet`,
      authorization: `Bearer ${token}`,
      body: { documents: [docName(uid)] },
    });
  });

  it('join: one commit setting email and collegeId with the server time as timestamp, then one read of the entry as stored', async () => {
    const { repo, uid, email, token } = await student();
    const joined = await repo.join(uid, { email, collegeId: 'udg-cucei', timestamp: new Date(0) });
    expect(firestore.requests.map((r) => r.path.split(':').at(-1))).toEqual(['commit', 'batchGet']);
    const [commit, readBack] = firestore.requests;
    expect(commit).toMatchObject({ path: `${DOCS}:commit`, authorization: `Bearer ${token}` });
    expect(readBack).toMatchObject({
      authorization: `Bearer ${token}`,
      body: { documents: [docName(uid)] },
    });
    // The answer carries the server's time, not the client's (new Date(0) above).
    const stored = (await db.fields(`${COLLECTIONS.waitlist}/${uid}`))!;
    expect(joined).toEqual({
      email,
      collegeId: 'udg-cucei',
      timestamp: new Date((stored.timestamp as { timestampValue: string }).timestampValue),
    });
    expect(joined.timestamp.getTime()).not.toBe(0);
    expect(commit!.body).toEqual({
      writes: [
        {
          update: {
            name: docName(uid),
            // With what joining confirms (issue 51): 18 or older, under this notice's version.
            fields: {
              email: { stringValue: email },
              collegeId: { stringValue: 'udg-cucei' },
              adult: { booleanValue: true },
              noticeVersion: { stringValue: PRIVACY_NOTICE_VERSION },
            },
          },
          updateTransforms: [{ fieldPath: 'timestamp', setToServerValue: 'REQUEST_TIME' }],
        },
      ],
    });
    expect(await repo.get(uid)).not.toBeNull();
  });

  it('a second join (a retry whose first write went through) is refused by the rules, found to exist, and leaves one entry', async () => {
    const { repo, uid, email } = await student();
    await repo.join(uid, { email, collegeId: 'udg-cucei', timestamp: new Date() });
    firestore.requests.length = 0;
    await repo.join(uid, { email, collegeId: 'udg-cucea', timestamp: new Date() });
    expect(firestore.requests.map((r) => r.path.split(':').at(-1))).toEqual(['commit', 'batchGet']);
    expect(await entries()).toBe(1);
    const stored = (await db.fields(`${COLLECTIONS.waitlist}/${uid}`))!;
    expect(stored.collegeId).toEqual({ stringValue: 'udg-cucei' });
  });

  // firestore.rules trusts an e-mail only from a verified Google sign-in; each of these tokens is
  // a real Auth emulator token of another kind.
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
      expect(tokenClaims(token)).not.toMatchObject({
        email_verified: true,
        firebase: { sign_in_provider: 'google.com' },
      });
      await expect(
        repo.join(uid, { email: email ?? '', collegeId: 'udg-cucei', timestamp: new Date() }),
      ).rejects.toMatchObject({ code: 'permission-denied' });
      expect(await entries()).toBe(0);
      expect(firestore.requests.some((r) => r.path.endsWith(':commit'))).toBe(true);
    });
  }

  it('a collegeId outside the domain’s id rule is refused by the rules', async () => {
    const { repo, uid, email } = await student();
    for (const collegeId of ['UDG-CUCEI', 'udg cucei', '=1+1', 'udg-\u202ecucei', 'a'.repeat(65)]) {
      await expect(
        repo.join(uid, { email, collegeId, timestamp: new Date() }),
      ).rejects.toMatchObject({
        code: 'permission-denied',
      });
    }
    expect(await entries()).toBe(0);
  });

  it('a verified Google student’s token carries what the rules ask of it', async () => {
    const { token } = await student();
    expect(tokenClaims(token)).toMatchObject({
      email_verified: true,
      firebase: { sign_in_provider: 'google.com' },
    });
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
      await expect(repo.get(uid)).rejects.toMatchObject({ code });
      firestore.failNext(failure);
      if (failure === 'permission-denied') firestore.failNext(failure); // the follow-up read too
      await expect(
        repo.join(uid, { email, collegeId: 'udg-cucei', timestamp: new Date() }),
      ).rejects.toMatchObject({ code });
      expect(await entries()).toBe(0);
      // Nothing is lost: the retry works.
      await repo.join(uid, { email, collegeId: 'udg-cucei', timestamp: new Date() });
      expect(await repo.get(uid)).not.toBeNull();
    });
  }
});

describeFirestore('Firestore waitlist behind the use cases: a server that never answers', () => {
  const college = { id: 'udg-cucei', name: 'UdeG', subname: 'CUCEI', shortName: 'UDG - CUCEI' };

  it('ends the read and the write with deadline-exceeded, and the retry writes once', async () => {
    const { repo, uid, email } = await student();
    // The spec's 15 s request timeout, shortened so the test stays quick; the same code path.
    const timeoutMs = 300;
    const local = memoryLocalRecord().record;
    const check = createCheckWaitlistStatus({ waitlist: repo, local, timeoutMs });
    const join = createJoinWaitlist({
      waitlist: repo,
      heroConsent: createFirestoreHeroConsent({
        app: testApp(),
        emulator: { host: firestore.host, port: firestore.port },
      }),
      local,
      clock: { now: () => new Date() },
      timeoutMs,
    });
    const user = { uid, email, displayName: 'Estudiante' };

    firestore.failNext('hang');
    await expect(check(user)).rejects.toMatchObject({ code: 'deadline-exceeded' });
    firestore.failNext('hang');
    await expect(join({ user, college })).rejects.toMatchObject({ code: 'deadline-exceeded' });
    expect(await entries()).toBe(0);

    const { entry } = await join({ user, college });
    expect(entry.collegeId).toBe('udg-cucei');
    expect(await entries()).toBe(1);
    expect((await check(user)).status.joined).toBe(true);
  });
});

describeFirestore('Waitlist contract on Firestore', () => {
  describeWaitlistContract('firebase (Firestore emulator, Auth emulator)', async () => {
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
      countEntries: async (uid) => ((await db.has(`${COLLECTIONS.waitlist}/${uid}`)) ? 1 : 0),
      ageCollegeChange: (uid) => ageCollegeChange(uid),
      joinWithTerms: async (uid, entry, terms) => {
        // A new entry as a page would write it, with these terms in place of the page's.
        const fields: Record<string, unknown> = {
          email: { stringValue: entry.email },
          collegeId: { stringValue: entry.collegeId },
        };
        if (terms.adult !== undefined) fields.adult = { booleanValue: terms.adult };
        if (terms.noticeVersion !== undefined) {
          fields.noticeVersion = { stringValue: terms.noticeVersion };
        }
        const status = await raw(signedIn.at(-1)!.token, 'commit', {
          writes: [
            {
              update: { name: docName(uid), fields },
              updateTransforms: [{ fieldPath: 'timestamp', setToServerValue: 'REQUEST_TIME' }],
              currentDocument: { exists: false },
            },
          ],
        });
        if (status === 403) throw new AppError('permission-denied', 'Refused by the rules');
        if (status !== 200) throw new Error(`commit: ${status}`);
      },
    };
  });
});

describeFirestore('HeroConsent contract on Firestore', () => {
  describeHeroConsentContract('firebase (Firestore emulator, Auth emulator)', async () => {
    const signedIn: Awaited<ReturnType<typeof student>>[] = [];
    return {
      get repo() {
        return signedIn.at(-1)!.consent;
      },
      get waitlist() {
        return signedIn.at(-1)!.repo;
      },
      signIn: async () => {
        const s = await student();
        signedIn.push(s);
        return { uid: s.uid, email: s.email };
      },
      hasConsent: (uid) => db.has(`${COLLECTIONS.heroConsent}/${uid}`),
    };
  });
});

/** A request straight to Firestore, as a client that does not use the adapter would send it. */
async function raw(token: string, call: 'commit' | 'batchGet' | 'runQuery', body: unknown) {
  const res = await fetch(`http://${firestore.host}:${firestore.port}${DOCS}:${call}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return res.status;
}

describeFirestore('the student’s own entry and hero consent, at the wire', () => {
  it('changeCollege: one commit of collegeId and the server’s time of the change alone, with an update mask and the precondition that the entry exists, then a read', async () => {
    const { repo, uid, email, token } = await student();
    await repo.join(uid, { email, collegeId: 'udg-cucei', timestamp: new Date() });
    const joinedAt = (await db.fields(`${COLLECTIONS.waitlist}/${uid}`))!.timestamp;
    firestore.requests.length = 0;
    const changed = await repo.changeCollege(uid, 'itesm-gdl');
    expect(changed).toMatchObject({ email, collegeId: 'itesm-gdl' });
    expect(firestore.requests.map((r) => r.path.split(':').at(-1))).toEqual(['commit', 'batchGet']);
    expect(firestore.requests[0]).toMatchObject({ authorization: `Bearer ${token}` });
    expect(firestore.requests[0]!.body).toEqual({
      writes: [
        {
          update: { name: docName(uid), fields: { collegeId: { stringValue: 'itesm-gdl' } } },
          updateMask: { fieldPaths: ['collegeId'] },
          updateTransforms: [{ fieldPath: 'collegeChangedAt', setToServerValue: 'REQUEST_TIME' }],
          currentDocument: { exists: true },
        },
      ],
    });
    const stored = await db.fields(`${COLLECTIONS.waitlist}/${uid}`);
    expect(stored).toEqual({
      email: { stringValue: email },
      collegeId: { stringValue: 'itesm-gdl' },
      timestamp: joinedAt,
      adult: { booleanValue: true },
      noticeVersion: { stringValue: PRIVACY_NOTICE_VERSION },
      collegeChangedAt: { timestampValue: expect.any(String) },
    });
  });

  it('changeCollege with no entry: the update is refused, the read finds none, and it fails with not-found', async () => {
    const { repo, uid } = await student();
    await expect(repo.changeCollege(uid, 'itesm-gdl')).rejects.toMatchObject({
      code: 'not-found',
    });
    expect(firestore.requests.map((r) => r.path.split(':').at(-1))).toEqual(['commit', 'batchGet']);
    expect(await entries()).toBe(0);
  });

  it('changeCollege to an id outside the domain’s rule is refused and changes nothing', async () => {
    const { repo, uid, email } = await student();
    await repo.join(uid, { email, collegeId: 'udg-cucei', timestamp: new Date() });
    await expect(repo.changeCollege(uid, 'UDG CUCEA')).rejects.toMatchObject({
      code: 'permission-denied',
    });
    expect((await db.fields(`${COLLECTIONS.waitlist}/${uid}`))!.collegeId).toEqual({
      stringValue: 'udg-cucei',
    });
  });

  it('leave: one commit deleting waitlist/{uid}; a second leave is no error', async () => {
    const { repo, uid, email, token } = await student();
    await repo.join(uid, { email, collegeId: 'udg-cucei', timestamp: new Date() });
    firestore.requests.length = 0;
    await repo.leave(uid);
    await repo.leave(uid);
    expect(firestore.requests).toHaveLength(2);
    for (const request of firestore.requests) {
      expect(request).toMatchObject({
        path: `${DOCS}:commit`,
        authorization: `Bearer ${token}`,
        body: { writes: [{ delete: docName(uid) }] },
      });
    }
    expect(await entries()).toBe(0);
  });

  it('grant: a read, then one commit of heroConsent/{uid} with grantedAt the server’s time; again, the read alone; revoke deletes it', async () => {
    const { consent, uid, token } = await student();
    await putOnList(uid);
    await consent.grant(uid);
    expect(firestore.requests.map((r) => r.path)).toEqual([`${DOCS}:batchGet`, `${DOCS}:commit`]);
    expect(firestore.requests[1]).toMatchObject({ authorization: `Bearer ${token}` });
    const [write] = (firestore.requests[1]!.body as { writes: Record<string, unknown>[] }).writes;
    expect(write).toMatchObject({
      update: { name: consentName(uid) },
      updateTransforms: [{ fieldPath: 'grantedAt', setToServerValue: 'REQUEST_TIME' }],
    });
    expect((write!.update as { fields?: object }).fields).toEqual({
      noticeVersion: { stringValue: PRIVACY_NOTICE_VERSION },
    });
    expect(write!.updateMask).toBeUndefined();
    const granted = (await db.fields(`${COLLECTIONS.heroConsent}/${uid}`))!;
    expect(Object.keys(granted).sort()).toEqual(['grantedAt', 'noticeVersion']);
    firestore.requests.length = 0;
    await consent.grant(uid); // given already: the first date stands, nothing is written
    expect(firestore.requests.map((r) => r.path)).toEqual([`${DOCS}:batchGet`]);
    expect(await db.fields(`${COLLECTIONS.heroConsent}/${uid}`)).toEqual(granted);
    firestore.requests.length = 0;
    await consent.revoke(uid);
    expect(firestore.requests[0]!.body).toEqual({ writes: [{ delete: consentName(uid) }] });
    expect(await db.has(`${COLLECTIONS.heroConsent}/${uid}`)).toBe(false);
  });

  it('maps the failures of the consent calls as the waitlist’s', async () => {
    const { consent, uid } = await student();
    await putOnList(uid);
    for (const [failure, code] of [
      ['unavailable', 'unavailable'],
      ['network', 'unavailable'],
      ['permission-denied', 'permission-denied'],
    ] as const) {
      firestore.failNext(failure);
      await expect(consent.grant(uid)).rejects.toMatchObject({ code });
      firestore.failNext(failure);
      await expect(consent.get(uid)).rejects.toMatchObject({ code });
      firestore.failNext(failure);
      await expect(consent.revoke(uid)).rejects.toMatchObject({ code });
    }
    expect(await db.has(`${COLLECTIONS.heroConsent}/${uid}`)).toBe(false);
    await consent.grant(uid);
    expect(await consent.get(uid)).not.toBeNull();
  });

  describe('firestore.rules refuses, at the wire', () => {
    const writeOf = (name: string, fields: Record<string, unknown>, extra = {}) => ({
      writes: [{ update: { name, fields }, ...extra }],
    });
    const masked = (name: string, fields: Record<string, unknown>, paths: string[]) =>
      writeOf(name, fields, {
        updateMask: { fieldPaths: paths },
        currentDocument: { exists: true },
      });

    it('changing the e-mail or the timestamp, adding a field, or overwriting the entry', async () => {
      const { repo, uid, email, token } = await student();
      await repo.join(uid, { email, collegeId: 'udg-cucei', timestamp: new Date() });
      const before = await db.fields(`${COLLECTIONS.waitlist}/${uid}`);
      const name = docName(uid);
      for (const body of [
        masked(name, { email: { stringValue: 'otro@udg.mx' } }, ['email']),
        masked(name, { timestamp: { timestampValue: '2020-01-01T00:00:00Z' } }, ['timestamp']),
        masked(name, {}, ['email']), // removing a field
        masked(name, { collegeId: { stringValue: 'itesm-gdl' }, admin: { booleanValue: true } }, [
          'collegeId',
          'admin',
        ]),
        writeOf(
          name,
          {},
          {
            updateMask: { fieldPaths: ['timestamp'] },
            updateTransforms: [{ fieldPath: 'timestamp', setToServerValue: 'REQUEST_TIME' }],
          },
        ),
        // A whole entry over the stored one: the timestamp changes.
        writeOf(
          name,
          { email: { stringValue: email }, collegeId: { stringValue: 'itesm-gdl' } },
          { updateTransforms: [{ fieldPath: 'timestamp', setToServerValue: 'REQUEST_TIME' }] },
        ),
      ]) {
        expect(await raw(token, 'commit', body)).toBe(403);
      }
      expect(await db.fields(`${COLLECTIONS.waitlist}/${uid}`)).toEqual(before);
      // The same e-mail written alongside the new campus (and the server's time of the change)
      // changes only collegeId: allowed.
      expect(
        await raw(token, 'commit', {
          writes: [
            {
              ...masked(
                name,
                { email: { stringValue: email }, collegeId: { stringValue: 'itesm-gdl' } },
                ['email', 'collegeId'],
              ).writes[0],
              updateTransforms: [
                { fieldPath: 'collegeChangedAt', setToServerValue: 'REQUEST_TIME' },
              ],
            },
          ],
        }),
      ).toBe(200);
    });

    it('changing or deleting another student’s entry', async () => {
      const first = await student();
      await first.repo.join(first.uid, {
        email: first.email,
        collegeId: 'udg-cucei',
        timestamp: new Date(),
      });
      const second = await student();
      const name = docName(first.uid);
      expect(
        await raw(
          second.token,
          'commit',
          masked(name, { collegeId: { stringValue: 'itesm-gdl' } }, ['collegeId']),
        ),
      ).toBe(403);
      expect(await raw(second.token, 'commit', { writes: [{ delete: name }] })).toBe(403);
      expect(await raw(second.token, 'batchGet', { documents: [name] })).toBe(403);
      await expect(second.repo.leave(first.uid)).rejects.toMatchObject({
        code: 'permission-denied',
      });
      await expect(second.repo.changeCollege(first.uid, 'itesm-gdl')).rejects.toMatchObject({
        code: 'permission-denied',
      });
      expect((await db.fields(`${COLLECTIONS.waitlist}/${first.uid}`))!.collegeId).toEqual({
        stringValue: 'udg-cucei',
      });
    });

    it('writing, reading or revoking another student’s consent', async () => {
      const first = await student();
      await putOnList(first.uid);
      await first.consent.grant(first.uid);
      const second = await student();
      await putOnList(second.uid);
      const grant = (uid: string) =>
        writeOf(
          consentName(uid),
          {},
          {
            updateTransforms: [{ fieldPath: 'grantedAt', setToServerValue: 'REQUEST_TIME' }],
          },
        );
      expect(await raw(second.token, 'commit', grant(first.uid))).toBe(403);
      expect(await raw(second.token, 'commit', grant('someone-else'))).toBe(403);
      expect(
        await raw(second.token, 'commit', { writes: [{ delete: consentName(first.uid) }] }),
      ).toBe(403);
      await expect(second.consent.get(first.uid)).rejects.toMatchObject({
        code: 'permission-denied',
      });
      await expect(second.consent.revoke(first.uid)).rejects.toMatchObject({
        code: 'permission-denied',
      });
      await expect(second.consent.grant(first.uid)).rejects.toMatchObject({
        code: 'permission-denied',
      });
      expect(await db.has(`${COLLECTIONS.heroConsent}/${first.uid}`)).toBe(true);
      expect(await db.has(`${COLLECTIONS.heroConsent}/someone-else`)).toBe(false);
    });

    it('a consent with a client-chosen date, an extra field or no date', async () => {
      const { uid, token } = await student();
      const name = consentName(uid);
      await putOnList(uid);
      const serverTime = {
        updateTransforms: [{ fieldPath: 'grantedAt', setToServerValue: 'REQUEST_TIME' }],
      };
      for (const body of [
        writeOf(name, { grantedAt: { timestampValue: new Date().toISOString() } }),
        writeOf(name, { photo: { stringValue: 'https://x' } }, serverTime),
        writeOf(name, {}),
        writeOf(name, { granted: { booleanValue: true } }),
        // A notice version that is no date (issue 51).
        writeOf(name, { noticeVersion: { stringValue: 'última' } }, serverTime),
      ]) {
        expect(await raw(token, 'commit', body)).toBe(403);
      }
      expect(await db.has(`${COLLECTIONS.heroConsent}/${uid}`)).toBe(false);
      const version = { noticeVersion: { stringValue: PRIVACY_NOTICE_VERSION } };
      expect(await raw(token, 'commit', writeOf(name, version, serverTime))).toBe(200);
      // Given once: a second write (a renewed date) is refused; the first date stands.
      expect(await raw(token, 'commit', writeOf(name, version, serverTime))).toBe(403);
    });

    it('a consent of a student who is not on the list', async () => {
      const { consent, uid } = await student();
      await expect(consent.grant(uid)).rejects.toMatchObject({ code: 'permission-denied' });
      expect(await db.has(`${COLLECTIONS.heroConsent}/${uid}`)).toBe(false);
    });

    it('a consent from an account Google has not verified', async () => {
      const { consent, uid } = await signedInWith((a) => signInAnonymously(a));
      await expect(consent.grant(uid)).rejects.toMatchObject({ code: 'permission-denied' });
      expect(await db.snapshot('waitlist', 'heroConsent')).toEqual({});
    });

    it('a list or query of either collection', async () => {
      const { token } = await student();
      for (const collectionId of ['waitlist', 'heroConsent']) {
        expect(
          await raw(token, 'runQuery', { structuredQuery: { from: [{ collectionId }] } }),
        ).toBe(403);
        const res = await fetch(
          `http://${firestore.host}:${firestore.port}${DOCS}/${collectionId}`,
          { headers: { Authorization: `Bearer ${token}` } },
        );
        expect(res.status).toBe(403);
      }
    });
  });
});
