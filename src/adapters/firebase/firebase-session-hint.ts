/**
 * Whether this browser may hold a Firebase Auth session, read without the SDK (issue 26). A
 * first visit holds none, so the page can show 'Continuar con Google' without loading and
 * evaluating firebase/auth (the largest module of the build: 20-35 ms of the main thread on the
 * bench's machine, over 50 ms once slowed down). The SDK loads when the student comes to sign in.
 *
 * Where firebase/auth keeps the signed-in user (1.x, `PersistenceUserManager`): under the key
 * `firebase:authUser:<apiKey>:<appName>`, in the first persistence the adapter gives it that
 * works (IndexedDB, then localStorage, then sessionStorage), and it reads a user from any of them.
 * tests/browser/firebase/firebase.e2e.ts checks this against the real SDK: a returning student is
 * found, and a first visit leaves no database behind.
 *
 * `false` only when every place answered and none holds the key. Any doubt (no storage, an
 * error, no answer in time) is `true`: the SDK is loaded and reads the session itself, as before.
 */
export async function mayHoldFirebaseSession(
  apiKey: string,
  appName: string,
  timeoutMs = 1000,
): Promise<boolean> {
  const key = `firebase:authUser:${apiKey}:${appName}`;
  if (inWebStorage(() => localStorage, key) || inWebStorage(() => sessionStorage, key)) return true;
  return inIndexedDb(key, timeoutMs);
}

/** The SDK's IndexedDB database and its store (`indexedDBLocalPersistence`). */
const FIREBASE_AUTH_DB = {
  name: 'firebaseLocalStorageDb',
  store: 'firebaseLocalStorage',
} as const;

/** `true` when the key is there, or when the storage cannot be read (a doubt). */
function inWebStorage(storage: () => Storage, key: string): boolean {
  try {
    return storage().getItem(key) !== null;
  } catch {
    return true;
  }
}

/**
 * Looks the key up in the SDK's database, without creating it: opening a database that does not
 * exist creates it, so the creation is aborted (the browser then deletes it again, and the
 * SDK later creates it with its store, as on any first visit).
 */
function inIndexedDb(key: string, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const answer = (holds: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(holds);
    };
    const timer = setTimeout(() => answer(true), timeoutMs);
    let request: IDBOpenDBRequest;
    try {
      request = indexedDB.open(FIREBASE_AUTH_DB.name);
    } catch {
      answer(true); // no IndexedDB here (or it refuses): let the SDK decide
      return;
    }
    let absent = false;
    request.onupgradeneeded = () => {
      absent = true; // the database did not exist: nobody ever signed in here
      request.transaction?.abort();
    };
    request.onerror = (event) => {
      event.preventDefault(); // an expected abort is not an uncaught error
      answer(!absent);
    };
    request.onsuccess = () => {
      const db = request.result;
      const done = (holds: boolean) => {
        db.close();
        answer(holds);
      };
      // A database without the store holds no user (the SDK deletes and recreates it).
      if (!db.objectStoreNames.contains(FIREBASE_AUTH_DB.store)) return done(false);
      try {
        const get = db
          .transaction(FIREBASE_AUTH_DB.store, 'readonly')
          .objectStore(FIREBASE_AUTH_DB.store)
          .get(key);
        get.onsuccess = () => done(get.result !== undefined);
        get.onerror = (event) => {
          event.preventDefault();
          done(true);
        };
      } catch {
        done(true);
      }
    };
  });
}
