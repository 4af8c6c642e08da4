import type { FirebaseApp } from 'firebase/app';
import type * as AuthSdk from 'firebase/auth';
import type { Auth, AuthProvider, User as FirebaseUser, UserCredential } from 'firebase/auth';
import type { AuthPort } from '@/ports/auth.port';
import { toSignInError } from '@/domain/errors';
import type { User } from '@/domain/user';
import type { EmulatorHost } from './firebase-settings';

export interface FirebaseAuthOptions {
  readonly app: FirebaseApp;
  readonly emulator?: EmulatorHost;
  /** Opens the provider's popup (default: signInWithPopup). Node tests, which have no popup, sign in with a credential instead. */
  readonly popup?: (auth: Auth, provider: AuthProvider) => Promise<UserCredential>;
  /** Sign-in by redirect, used when the browser blocks the popup (default: signInWithRedirect). */
  readonly redirect?: (auth: Auth, provider: AuthProvider) => Promise<unknown>;
}

/** Marks, for the page load after a redirect sign-in, that a result is waiting. */
const REDIRECT_FLAG = 'de-estudiantes:auth-redirect';

function setRedirectFlag(): void {
  try {
    sessionStorage.setItem(REDIRECT_FLAG, '1');
  } catch {
    // No session storage (Node, private mode): the auth state still reports the user.
  }
}

function takeRedirectFlag(): boolean {
  try {
    const set = sessionStorage.getItem(REDIRECT_FLAG) !== null;
    sessionStorage.removeItem(REDIRECT_FLAG);
    return set;
  } catch {
    return false;
  }
}

const toUser = (user: FirebaseUser): User => ({
  uid: user.uid,
  email: user.email ?? '',
  displayName: user.displayName ?? '',
});

/**
 * Firebase Authentication with Google's popup. The SDK loads on first use, so the page never
 * waits for it. A blocked popup falls back to sign-in by redirect; the result of a redirect is
 * picked up when the page comes back (the auth state then reports the user).
 */
export function createFirebaseAuth(options: FirebaseAuthOptions): AuthPort {
  let ready: Promise<{ sdk: typeof AuthSdk; auth: Auth }> | null = null;
  const load = () =>
    (ready ??= import('firebase/auth').then((sdk) => {
      const auth = sdk.getAuth(options.app);
      auth.languageCode = 'es-419';
      const { emulator } = options;
      if (emulator) {
        sdk.connectAuthEmulator(auth, `http://${emulator.host}:${emulator.port}`, {
          disableWarnings: true,
        });
      }
      // Completes a redirect sign-in started before this page load (only then: it loads the
      // provider's helper iframe, which a plain visit does not need).
      if (takeRedirectFlag()) {
        sdk.getRedirectResult(auth).catch((e: unknown) => console.error('Sign-in error', e));
      }
      return { sdk, auth };
    }));

  return {
    async signInWithPopup() {
      const { sdk, auth } = await load();
      const provider = new sdk.GoogleAuthProvider();
      provider.setCustomParameters({ prompt: 'select_account' });
      try {
        const credential = await (options.popup ?? sdk.signInWithPopup)(auth, provider);
        return toUser(credential.user);
      } catch (error) {
        if ((error as { code?: unknown } | null)?.code !== 'auth/popup-blocked') {
          throw toSignInError(error);
        }
        // The browser blocked the popup: sign in by redirect. The page navigates away and comes
        // back signed in, so this call never settles.
        setRedirectFlag();
        try {
          await (options.redirect ?? sdk.signInWithRedirect)(auth, provider);
        } catch (redirectError) {
          takeRedirectFlag();
          throw toSignInError(redirectError);
        }
        return new Promise<never>(() => {});
      }
    },

    async signOut() {
      const { sdk, auth } = await load();
      await sdk.signOut(auth);
    },

    onAuthStateChanged(listener) {
      let unsubscribe: (() => void) | null = null;
      let stopped = false;
      load().then(
        ({ sdk, auth }) => {
          if (stopped) return;
          unsubscribe = sdk.onAuthStateChanged(auth, (user) => listener(user && toUser(user)));
        },
        (error: unknown) => {
          console.error('Firebase Auth could not load', error);
          if (!stopped) listener(null);
        },
      );
      return () => {
        stopped = true;
        unsubscribe?.();
      };
    },
  };
}
