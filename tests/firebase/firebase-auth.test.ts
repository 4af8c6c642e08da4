import { type AuthProvider, GoogleAuthProvider, signInWithCredential } from 'firebase/auth';
import type { Auth } from 'firebase/auth';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFirebaseAuth } from '@/adapters/firebase/firebase-auth.adapter';
import type { User } from '@/domain/user';
import { describeAuthContract } from '../app/contract/auth.contract';
import { AUTH_EMULATOR, clearAuthEmulator, fakeGoogleIdToken, testApp } from '../support/emulators';

// The Firebase auth adapter against the real Auth emulator. Node has no popup window, so the
// popup step signs in with a Google credential the emulator accepts; everything after it (the
// emulator's accounts and tokens, the auth-state subscription, sign-out, the mapping of users and
// errors) is real. The browser's real popup is covered by tests/browser/firebase.

beforeEach(() => clearAuthEmulator());

type Popup = (auth: Auth, provider: AuthProvider) => ReturnType<typeof signInWithCredential>;

/** A popup that completes with the given Google account. */
const googlePopup =
  (email: string, name: string): Popup =>
  (auth) =>
    signInWithCredential(auth, GoogleAuthProvider.credential(fakeGoogleIdToken(email, name)));

/** A popup the student closes, as the SDK reports it. */
const closedPopup: Popup = () =>
  Promise.reject(
    Object.assign(new Error('Firebase: Error (auth/popup-closed-by-user).'), {
      code: 'auth/popup-closed-by-user',
    }),
  );

function harness({ mayHoldSession }: { mayHoldSession?: () => Promise<boolean> } = {}) {
  let popup: Popup = closedPopup;
  const auth = createFirebaseAuth({
    app: testApp(),
    emulator: AUTH_EMULATOR,
    popup: (a, p) => popup(a, p),
    ...(mayHoldSession ? { mayHoldSession } : {}),
  });
  return { auth, setPopup: (p: Popup) => (popup = p) };
}

for (const [name, mayHoldSession] of [
  ['firebase (Auth emulator)', undefined],
  // A first visit: signed out without the SDK, which loads with the sign-in (issue 26).
  ['firebase (Auth emulator), a browser that holds no session', async () => false],
] as const) {
  describeAuthContract(name, async () => {
    const { auth, setPopup } = harness({ mayHoldSession });
    return {
      auth,
      arrangeSignIn: async () => {
        setPopup(googlePopup('ana.garcia@alumnos.udg.mx', 'Ana García'));
        return 'ana.garcia@alumnos.udg.mx';
      },
      arrangeClose: async () => void setPopup(closedPopup),
    };
  });
}

describe('Firebase auth adapter (Auth emulator)', () => {
  it('maps the emulator account to the domain user: uid, e-mail and display name', async () => {
    const { auth, setPopup } = harness();
    setPopup(googlePopup('luis@alumnos.itesm.mx', 'Luis Pérez'));
    const user = await auth.signInWithPopup();
    expect(user).toEqual({
      uid: expect.stringMatching(/^\w{20,}$/),
      email: 'luis@alumnos.itesm.mx',
      displayName: 'Luis Pérez',
    });
    expect(Object.keys(user).sort()).toEqual(['displayName', 'email', 'uid']);
    // The same Google account signs in to the same emulator account.
    const again = harness();
    again.setPopup(googlePopup('luis@alumnos.itesm.mx', 'Luis Pérez'));
    expect((await again.auth.signInWithPopup()).uid).toBe(user.uid);
  });

  it('any other failure is auth/sign-in-failed, keeping the cause', async () => {
    const { auth, setPopup } = harness();
    setPopup((a) => signInWithCredential(a, GoogleAuthProvider.credential('not json at all')));
    const error = await auth.signInWithPopup().catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'auth/sign-in-failed' });
    expect((error as { cause?: { code?: string } }).cause?.code).toMatch(/^auth\//);
  });

  it('a blocked popup falls back to sign-in by redirect and never settles', async () => {
    const redirect = vi.fn(async (_auth: Auth, _provider: AuthProvider) => {});
    const auth = createFirebaseAuth({
      app: testApp(),
      emulator: AUTH_EMULATOR,
      popup: () =>
        Promise.reject(Object.assign(new Error('blocked'), { code: 'auth/popup-blocked' })),
      redirect,
    });
    const outcome = await Promise.race([
      auth.signInWithPopup().then(
        () => 'resolved',
        () => 'rejected',
      ),
      new Promise((r) => setTimeout(() => r('pending'), 200)),
    ]);
    expect(outcome).toBe('pending');
    expect(redirect).toHaveBeenCalledOnce();
    expect(redirect.mock.calls[0]![1]).toBeInstanceOf(GoogleAuthProvider);
  });

  it('a failed redirect is a sign-in failure', async () => {
    const auth = createFirebaseAuth({
      app: testApp(),
      emulator: AUTH_EMULATOR,
      popup: () =>
        Promise.reject(Object.assign(new Error('blocked'), { code: 'auth/popup-blocked' })),
      redirect: () =>
        Promise.reject(
          Object.assign(new Error('nope'), {
            code: 'auth/operation-not-supported-in-this-environment',
          }),
        ),
    });
    await expect(auth.signInWithPopup()).rejects.toMatchObject({ code: 'auth/sign-in-failed' });
  });

  it('reports the signed-in user to a late subscriber, then null after sign-out', async () => {
    const { auth, setPopup } = harness();
    setPopup(googlePopup('sofia@alumnos.udg.mx', 'Sofía López'));
    const user = await auth.signInWithPopup();
    const seen: (User | null)[] = [];
    const off = auth.onAuthStateChanged((u) => seen.push(u));
    await vi.waitFor(() => expect(seen.at(-1)?.uid).toBe(user.uid));
    await auth.signOut();
    await vi.waitFor(() => expect(seen.at(-1)).toBeNull());
    off();
  });
});
