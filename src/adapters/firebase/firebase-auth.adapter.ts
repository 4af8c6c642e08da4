import type { FirebaseApp } from 'firebase/app';
import type * as AuthSdk from 'firebase/auth';
import type {
  Auth,
  AuthProvider,
  User as FirebaseUser,
  PopupRedirectResolver,
  UserCredential,
} from 'firebase/auth';
import type { AuthPort } from '@/ports/auth.port';
import { toSignInError } from '@/domain/errors';
import { toBackendError } from './firebase-errors';
import type { User } from '@/domain/user';
import type { EmulatorHost } from './firebase-settings';
import { mayHoldFirebaseSession } from './firebase-session-hint';
import { setUpInTasks } from '@/shared/next-task';
import { onceUntilFailure } from '@/shared/once-until-failure';

export interface FirebaseAuthOptions {
  readonly app: FirebaseApp;
  readonly emulator?: EmulatorHost;
  /** Opens the provider's popup (default: signInWithPopup). Node tests, which have no popup, sign in with a credential instead. */
  readonly popup?: (
    auth: Auth,
    provider: AuthProvider,
    resolver?: PopupRedirectResolver,
  ) => Promise<UserCredential>;
  /**
   * Deletes the signed-in account and what is kept under it, on the server (the callable
   * `delete_my_account`: deleting from the client needs a recent sign-in, which a returning
   * student's session is not).
   */
  readonly deleteAccount?: () => Promise<unknown>;
  /** Sign-in by redirect, used when the browser blocks the popup (default: signInWithRedirect). */
  readonly redirect?: (
    auth: Auth,
    provider: AuthProvider,
    resolver?: PopupRedirectResolver,
  ) => Promise<unknown>;
  /**
   * Whether this browser may hold a session (default in a browser: a redirect sign-in pending,
   * or `mayHoldFirebaseSession` over the app's storage; in Node: always). When it may not, the
   * auth state is reported as signed out without loading the SDK, which loads when the student
   * comes to sign in (`prepareSignIn`, `signInWithPopup`).
   */
  readonly mayHoldSession?: () => Promise<boolean>;
  /** The SDK's module (default: `import('firebase/auth')`); unit tests give a stand-in. */
  readonly sdk?: () => Promise<typeof AuthSdk>;
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

function redirectFlagSet(): boolean {
  try {
    return sessionStorage.getItem(REDIRECT_FLAG) !== null;
  } catch {
    return false;
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

/**
 * The Auth instance, without the popup resolver that `getAuth` installs: on mobile browsers that
 * resolver loads Google's gapi script as soon as Auth starts, a third-party request on every page
 * load. Here it is passed to each popup or redirect call instead, and loaded ahead of the click
 * by `prepareSignIn`.
 */
function createAuth(sdk: typeof AuthSdk, app: FirebaseApp): Auth {
  if (typeof window === 'undefined') return sdk.getAuth(app);
  try {
    return sdk.initializeAuth(app, {
      persistence: [
        sdk.indexedDBLocalPersistence,
        sdk.browserLocalPersistence,
        sdk.browserSessionPersistence,
      ],
    });
  } catch {
    return sdk.getAuth(app); // already initialized for this app (hot reload)
  }
}

/** What the SDK's popup resolver does when it starts: loads gapi and the auth helper iframe. */
interface ResolverInstance {
  _initialize?(auth: Auth): Promise<unknown>;
}

/**
 * The browser's popup resolver as one shared instance. The SDK takes a resolver as a class and
 * instantiates it itself; this class hands back the instance that `prepare` has already started,
 * so the sign-in finds gapi and the iframe ready. `prepare` makes the call the SDK itself makes at
 * start-up on mobile browsers (`_initialize`), only later: when the sign-in step comes near.
 */
function sharedResolver(sdk: typeof AuthSdk) {
  const Resolver = sdk.browserPopupRedirectResolver as unknown as new () => ResolverInstance;
  const instance = new Resolver();
  function SharedResolver() {
    return instance;
  }
  SharedResolver.prototype = Resolver.prototype as object;
  return {
    resolver: SharedResolver as unknown as PopupRedirectResolver,
    prepare: async (auth: Auth): Promise<void> => {
      await instance._initialize?.(auth);
    },
  };
}

const NO_RESOLVER = { resolver: undefined, prepare: async () => {} };

const toUser = (user: FirebaseUser): User => ({
  uid: user.uid,
  email: user.email ?? '',
  displayName: user.displayName ?? '',
});

interface Loaded {
  readonly sdk: typeof AuthSdk;
  readonly auth: Auth;
  readonly resolver: PopupRedirectResolver | undefined;
  readonly prepare: (auth: Auth) => Promise<void>;
}

/**
 * Firebase Authentication with Google's popup. The SDK loads on first use, so the page never
 * waits for it: at start only where a session may be kept (a returning student), otherwise when
 * the student comes to sign in. A blocked popup falls back to sign-in by redirect; the result of
 * a redirect is picked up when the page comes back (the auth state then reports the user).
 */
export function createFirebaseAuth(options: FirebaseAuthOptions): AuthPort {
  const mayHoldSession =
    options.mayHoldSession ??
    (() =>
      typeof window === 'undefined' || redirectFlagSet()
        ? Promise.resolve(true)
        : mayHoldFirebaseSession(options.app.options.apiKey ?? '', options.app.name));
  /** Settles with the first load that succeeds, whoever asked for it. */
  let announce: (loaded: Loaded) => void = () => {};
  const firstLoaded = new Promise<Loaded>((resolve) => (announce = resolve));
  // A failed load is not remembered: the next sign-in loads the SDK again.
  const load = onceUntilFailure<Loaded>(() =>
    setUpInTasks(options.sdk ?? (() => import('firebase/auth')), (sdk) => {
      const auth = createAuth(sdk, options.app);
      // Node (the emulator tests) has no popup resolver, and signs in by credential.
      const { resolver, prepare } =
        typeof window === 'undefined' ? NO_RESOLVER : sharedResolver(sdk);
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
        sdk
          .getRedirectResult(auth, resolver)
          .catch((e: unknown) => console.error('Sign-in error', e));
      }
      const loaded = { sdk, auth, resolver, prepare };
      announce(loaded);
      return loaded;
    }),
  );

  let prepared: Promise<void> | null = null;

  return {
    async signInWithPopup() {
      const { sdk, auth, resolver } = await load();
      const provider = new sdk.GoogleAuthProvider();
      provider.setCustomParameters({ prompt: 'select_account' });
      try {
        const credential = await (options.popup ?? sdk.signInWithPopup)(auth, provider, resolver);
        return toUser(credential.user);
      } catch (error) {
        if ((error as { code?: unknown } | null)?.code !== 'auth/popup-blocked') {
          throw toSignInError(error);
        }
        // The browser blocked the popup: sign in by redirect. The page navigates away and comes
        // back signed in, so this call never settles.
        setRedirectFlag();
        try {
          await (options.redirect ?? sdk.signInWithRedirect)(auth, provider, resolver);
        } catch (redirectError) {
          takeRedirectFlag();
          throw toSignInError(redirectError);
        }
        return new Promise<never>(() => {});
      }
    },

    prepareSignIn() {
      // Loads the provider's helper iframe (Google's gapi script), which the popup waits for
      // before it opens: loaded ahead of the click, the popup opens within the click's user
      // activation, as mobile browsers require.
      return (prepared ??= load()
        .then(({ auth, prepare }) => prepare(auth))
        .then(
          () => undefined,
          (error: unknown) => {
            prepared = null; // a later call tries again; the sign-in itself reports failures
            console.warn('Sign-in could not be prepared', error);
          },
        ));
    },

    async signOut() {
      const { sdk, auth } = await load();
      await sdk.signOut(auth);
    },

    async deleteAccount() {
      const { sdk, auth } = await load();
      if (!auth.currentUser) return; // already gone and signed out: a retry has nothing to do
      if (!options.deleteAccount) throw new Error('No account deletion configured');
      try {
        await options.deleteAccount();
      } catch (error) {
        throw toBackendError(error);
      }
      // The account no longer exists: end the session here too (its token is still valid).
      await sdk.signOut(auth);
    },

    onAuthStateChanged(listener) {
      let unsubscribe: (() => void) | null = null;
      let stopped = false;
      const follow = ({ sdk, auth }: Loaded) => {
        if (stopped) return;
        unsubscribe = sdk.onAuthStateChanged(auth, (user) => listener(user && toUser(user)));
      };
      void mayHoldSession()
        .catch(() => true)
        .then((may) => {
          if (stopped) return;
          if (!may) {
            // Nobody signed in on this browser: signed out, and the SDK's own reports follow
            // once a sign-in (or its preparation) has loaded it.
            listener(null);
            void firstLoaded.then(follow);
            return;
          }
          load().then(follow, (error: unknown) => {
            console.error('Firebase Auth could not load', error);
            if (!stopped) listener(null);
          });
        });
      return () => {
        stopped = true;
        unsubscribe?.();
      };
    },
  };
}
