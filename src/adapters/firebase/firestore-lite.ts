import type { FirebaseApp } from 'firebase/app';
import type * as FirestoreSdk from 'firebase/firestore/lite';
import type { Firestore } from 'firebase/firestore/lite';
import { setUpInTasks } from '@/shared/next-task';
import { onceUntilFailure } from '@/shared/once-until-failure';
import type { EmulatorHost } from './firebase-settings';

export interface FirestoreLiteOptions {
  readonly app: FirebaseApp;
  readonly emulator?: EmulatorHost;
}

export type FirestoreLite = { readonly sdk: typeof FirestoreSdk; readonly db: Firestore };

const loaders = new WeakMap<FirebaseApp, () => Promise<FirestoreLite>>();

/**
 * `firebase/firestore/lite` for an app, loaded on the first call (after sign-in) and shared by
 * every adapter of that app: the emulator is connected once, before the instance is used. A failed
 * load is not remembered (a chunk lost to a flaky connection is fetched again).
 */
export function firestoreLite(options: FirestoreLiteOptions): () => Promise<FirestoreLite> {
  let load = loaders.get(options.app);
  if (!load) {
    load = onceUntilFailure<FirestoreLite>(() =>
      setUpInTasks(
        () => import('firebase/firestore/lite'),
        (sdk) => {
          const db = sdk.getFirestore(options.app);
          const { emulator } = options;
          if (emulator) sdk.connectFirestoreEmulator(db, emulator.host, emulator.port);
          return { sdk, db };
        },
      ),
    );
    loaders.set(options.app, load);
  }
  return load;
}
