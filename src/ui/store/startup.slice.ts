import type { StateCreator } from 'zustand/vanilla';
import { isBackendConfigError } from '@/domain/errors';
import type { CollegeChoiceSlice } from './college-choice.slice';
import type { SliceDeps } from './outcome';
import type { SessionSlice } from './session.slice';

/** Starting the backend: loads it, then follows the signed-in user and the other tabs. */
export interface StartupSlice {
  /** `missing` names unset configuration variables; none: the backend's code was lost. */
  readonly backendError: { readonly missing: readonly string[] } | null;
  /** Loads the backend and subscribes to auth; returns the unsubscribe function. */
  start: () => () => void;
  /** After a backend that could not load: loads it again and subscribes to auth. */
  retryStart: () => void;
}

type Needs = StartupSlice &
  Pick<SessionSlice, 'applyUser'> &
  Pick<CollegeChoiceSlice, 'watchLocal'>;

export const createStartupSlice =
  ({ services, log }: SliceDeps): StateCreator<Needs, [], [], StartupSlice> =>
  (set, get) => {
    let stop: (() => void) | null = null;
    let started = false;
    const connect = (): void => {
      services().then(
        (useCases) => {
          if (!started || stop) return;
          const stopAuth = useCases.watchAuth(get().applyUser);
          const stopLocal = get().watchLocal(useCases);
          stop = () => (stopAuth(), stopLocal());
        },
        (error: unknown) => {
          log('The backend could not start', error);
          set({ backendError: { missing: isBackendConfigError(error) ? error.missing : [] } });
        },
      );
    };
    return {
      backendError: null,
      start() {
        started = true;
        connect();
        return () => ((started = false), stop?.(), (stop = null));
      },
      retryStart() {
        set({ backendError: null });
        connect();
      },
    };
  };
