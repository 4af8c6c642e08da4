import type { FirebaseApp } from 'firebase/app';
import type * as AuthSdk from 'firebase/auth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFirebaseAuth } from '@/adapters/firebase/firebase-auth.adapter';
import { mayHoldFirebaseSession } from '@/adapters/firebase/firebase-session-hint';
import type { User } from '@/domain/user';

/**
 * When firebase/auth loads (issue 26): at start only where a session may be kept; on a first
 * visit the page reports "signed out" without it, and it loads when the student comes to sign
 * in. Over a stand-in of the SDK's module; the real SDK and its storage are in
 * tests/firebase/firebase-auth.test.ts (Auth emulator) and tests/browser/firebase.
 */
function standIn() {
  let report: ((user: { uid: string; email: string; displayName: string } | null) => void) | null =
    null;
  const subscribed = vi.fn();
  const sdk = {
    getAuth: () => ({ currentUser: null }),
    onAuthStateChanged: (_auth: unknown, next: typeof report) => {
      subscribed();
      report = next;
      queueMicrotask(() => next?.(null));
      return () => (report = null);
    },
    GoogleAuthProvider: class {
      setCustomParameters() {}
    },
    signInWithPopup: async () => ({
      user: { uid: 'u1', email: 'ana@alumnos.udg.mx', displayName: 'Ana' },
    }),
  } as unknown as typeof AuthSdk;
  const load = vi.fn(async () => sdk);
  return {
    sdk,
    load,
    subscribed,
    report: (user: Parameters<NonNullable<typeof report>>[0]) => report?.(user),
  };
}

const app = { name: '[DEFAULT]', options: { apiKey: 'key' } } as FirebaseApp;
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('Firebase auth: the SDK loads only where it is needed', () => {
  it('a browser that holds no session is signed out at once, and the SDK waits for the student', async () => {
    const s = standIn();
    const auth = createFirebaseAuth({ app, sdk: s.load, mayHoldSession: async () => false });
    const seen: (User | null)[] = [];
    auth.onAuthStateChanged((user) => seen.push(user));
    await settle();
    expect(seen).toEqual([null]);
    expect(s.load).not.toHaveBeenCalled();

    // The sign-in step comes near: the SDK loads, and from then on its reports are followed.
    await auth.prepareSignIn();
    await settle();
    expect(s.load).toHaveBeenCalledTimes(1);
    expect(s.subscribed).toHaveBeenCalledTimes(1);
    s.report({ uid: 'u1', email: 'ana@alumnos.udg.mx', displayName: 'Ana' });
    expect(seen.at(-1)).toEqual({ uid: 'u1', email: 'ana@alumnos.udg.mx', displayName: 'Ana' });
  });

  it('a sign-in loads the SDK when nothing prepared it', async () => {
    const s = standIn();
    const auth = createFirebaseAuth({
      app,
      sdk: s.load,
      mayHoldSession: async () => false,
      popup: async () =>
        ({ user: { uid: 'u2', email: 'luis@alumnos.itesm.mx', displayName: 'Luis' } }) as never,
    });
    auth.onAuthStateChanged(() => {});
    await settle();
    await expect(auth.signInWithPopup()).resolves.toMatchObject({ uid: 'u2' });
    await settle();
    expect(s.load).toHaveBeenCalledTimes(1);
    expect(s.subscribed).toHaveBeenCalledTimes(1);
  });

  it('a browser that may hold a session loads the SDK at once and reports what it finds', async () => {
    const s = standIn();
    const auth = createFirebaseAuth({ app, sdk: s.load, mayHoldSession: async () => true });
    const seen: (User | null)[] = [];
    auth.onAuthStateChanged((user) => seen.push(user));
    // The SDK is set up over two tasks before it is followed: wait for that, not for a fixed
    // 10 ms, which a loaded machine can outrun.
    await vi.waitFor(() => expect(s.subscribed).toHaveBeenCalledTimes(1));
    expect(s.load).toHaveBeenCalledTimes(1);
    s.report({ uid: 'u1', email: 'ana@alumnos.udg.mx', displayName: 'Ana' });
    expect(seen).toEqual([null, { uid: 'u1', email: 'ana@alumnos.udg.mx', displayName: 'Ana' }]);
  });

  it('a doubt about the session (the check fails) loads the SDK', async () => {
    const s = standIn();
    const auth = createFirebaseAuth({
      app,
      sdk: s.load,
      mayHoldSession: () => Promise.reject(new Error('storage refused')),
    });
    auth.onAuthStateChanged(() => {});
    await settle();
    expect(s.load).toHaveBeenCalledTimes(1);
  });

  it('a subscription ended before the check answers hears nothing and loads nothing', async () => {
    const s = standIn();
    let answer: (may: boolean) => void = () => {};
    const auth = createFirebaseAuth({
      app,
      sdk: s.load,
      mayHoldSession: () => new Promise((resolve) => (answer = resolve)),
    });
    const listener = vi.fn();
    const stop = auth.onAuthStateChanged(listener);
    stop();
    answer(true);
    await settle();
    expect(listener).not.toHaveBeenCalled();
    expect(s.load).not.toHaveBeenCalled();
  });

  it('a sign-in whose SDK failed to load is reported; the next one loads it and is followed', async () => {
    const s = standIn();
    s.load.mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'));
    const auth = createFirebaseAuth({ app, sdk: s.load, mayHoldSession: async () => false });
    const seen: (User | null)[] = [];
    auth.onAuthStateChanged((user) => seen.push(user));
    await settle();
    await expect(auth.signInWithPopup()).rejects.toBeTruthy();
    expect(s.subscribed).not.toHaveBeenCalled();
    await expect(auth.signInWithPopup()).resolves.toMatchObject({ uid: 'u1' });
    await settle();
    expect(s.load).toHaveBeenCalledTimes(2);
    expect(s.subscribed).toHaveBeenCalledTimes(1);
    expect(seen).toEqual([null, null]);
  });
});

describe('mayHoldFirebaseSession (read without the SDK)', () => {
  afterEach(() => vi.unstubAllGlobals());
  const key = 'firebase:authUser:key:[DEFAULT]';
  const storage = (entries: Record<string, string>) =>
    ({ getItem: (k: string) => entries[k] ?? null }) as Storage;

  it('a user kept in localStorage or sessionStorage: may hold one', async () => {
    vi.stubGlobal('localStorage', storage({ [key]: '{}' }));
    vi.stubGlobal('sessionStorage', storage({}));
    expect(await mayHoldFirebaseSession('key', '[DEFAULT]')).toBe(true);
    vi.stubGlobal('localStorage', storage({}));
    vi.stubGlobal('sessionStorage', storage({ [key]: '{}' }));
    expect(await mayHoldFirebaseSession('key', '[DEFAULT]')).toBe(true);
  });

  it('storage that cannot be read, or no IndexedDB, is a doubt: may hold one', async () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    expect(await mayHoldFirebaseSession('key', '[DEFAULT]')).toBe(true);
    // Node has no IndexedDB: the web storages are empty, the database cannot be asked.
    vi.stubGlobal('localStorage', storage({}));
    vi.stubGlobal('sessionStorage', storage({}));
    expect(await mayHoldFirebaseSession('key', '[DEFAULT]')).toBe(true);
  });

  it('a database that never answers is a doubt, once the time is up', async () => {
    vi.stubGlobal('localStorage', storage({}));
    vi.stubGlobal('sessionStorage', storage({}));
    vi.stubGlobal('indexedDB', { open: () => ({}) });
    expect(await mayHoldFirebaseSession('key', '[DEFAULT]', 20)).toBe(true);
  });
});
