import type { FirebaseApp } from 'firebase/app';
import type { Functions } from 'firebase/functions';
import type { EmulatorHost } from './firebase-settings';
import { setUpInTasks } from '@/shared/next-task';
import { onceUntilFailure } from '@/shared/once-until-failure';

/** Spec section 9: the backend function time-out. */
export const CALLABLE_TIMEOUT_MS = 70_000;

export interface CallableOptions {
  readonly app: FirebaseApp;
  readonly region: string;
  readonly emulator?: EmulatorHost;
}

/** One Functions instance per app and region: the emulator may be connected only once. */
const instances = new WeakMap<FirebaseApp, Map<string, Functions>>();

/**
 * A callable function of ours (`firebase/functions`, loaded on first use), as a plain async call:
 * it sends `{ data }` (`data` as given, or null) with the signed-in student's token when there is one and answers `data`.
 * Errors are the SDK's (`functions/...` codes): the caller translates them.
 */
export function callableFunction(
  options: CallableOptions,
  name: string,
): (data?: unknown) => Promise<unknown> {
  const load = onceUntilFailure(() =>
    setUpInTasks(
      () => import('firebase/functions'),
      (sdk) => {
        const byRegion = instances.get(options.app) ?? new Map<string, Functions>();
        instances.set(options.app, byRegion);
        let functions = byRegion.get(options.region);
        if (!functions) {
          functions = sdk.getFunctions(options.app, options.region);
          const { emulator } = options;
          if (emulator) sdk.connectFunctionsEmulator(functions, emulator.host, emulator.port);
          byRegion.set(options.region, functions);
        }
        return sdk.httpsCallable(functions, name, { timeout: CALLABLE_TIMEOUT_MS });
      },
    ),
  );
  return async (data?: unknown) => (await (await load())(data)).data;
}
