import type { StateCreator } from 'zustand/vanilla';
import { isBackendConfigError } from '@/domain/errors';
import { followUser, watchLocal } from './follow-user';
import type { SliceDeps } from './outcome';

/** Starting the backend: loads it, then follows the signed-in user and the other tabs. */
export interface StartupSlice {
  /** Loads the backend and subscribes to auth; returns the unsubscribe function. */
  start: () => () => void;
  /** After a backend that could not load: loads it again and subscribes to auth. */
  retryStart: () => void;
}

export const createStartupSlice =
  (deps: SliceDeps): StateCreator<StartupSlice> =>
  () => {
    const { services, startedServices, log, send } = deps;
    let stop: (() => void) | null = null;
    let started = false;
    /** On its own at start, or again after a failure because the student asked. */
    const connect = (asked: boolean): void => {
      (asked ? services() : startedServices()).then(
        (useCases) => {
          if (!started || stop) return;
          // The hero strip failed with the backend: it is read again with it.
          if (asked) deps.heroChanged();
          // A classmate's invite in the address (`?ref=CODE`) is kept for this visit.
          if (typeof window !== 'undefined') useCases.rememberInvite(window.location.search);
          const stopAuth = useCases.watchAuth((user) => followUser(deps, user));
          const stopLocal = watchLocal(deps, useCases);
          stop = () => (stopAuth(), stopLocal());
        },
        (error: unknown) => {
          log('The backend could not start', error);
          send({
            type: 'backendFailed',
            missing: isBackendConfigError(error) ? error.missing : [],
          });
        },
      );
    };
    return {
      start() {
        started = true;
        connect(false);
        return () => ((started = false), stop?.(), (stop = null));
      },
      retryStart() {
        send({ type: 'retried' });
        connect(true);
      },
    };
  };
