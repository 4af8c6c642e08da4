import type { StateCreator } from 'zustand/vanilla';
import type { College } from '@/domain/college';
import type { CampusProgress } from '@/domain/campus-progress';
import { isBackendConfigError } from '@/domain/errors';
import type { InvitePreview } from '@/domain/invite-preview';
import { startPageCampus } from './page-campus';
import { watchLocal } from './watch-local';
import type { SliceDeps } from './outcome';
/** Starting the backend: loads it, then follows the signed-in user and the other tabs. */
export interface StartupSlice {
  /**
   * The campus of the invite this visit arrived with (`/?ref=CODE`, issue 48) and its floored
   * progress, shown before sign-in; null for none (or an unknown code).
   */
  readonly invitePreview: InvitePreview | null;
  /** A campus's page (issue 60): its campus, and its floored progress once read (else null). */
  readonly pageCollege: College | null;
  readonly pageProgress: CampusProgress | null;
  /** Loads the backend and subscribes to auth; returns the unsubscribe function. */
  start: () => () => void;
  /** After a backend that could not load: loads it again and subscribes to auth. */
  retryStart: () => void;
}

export const createStartupSlice =
  (deps: SliceDeps, pageCollege: College | null = null): StateCreator<StartupSlice> =>
  (set) => {
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
          if (typeof window !== 'undefined') {
            const { search } = window.location;
            useCases.rememberInvite(search);
            // The invite lands in context (issue 48): shown, its campus pre-chosen (not on a campus page).
            void useCases.loadInvitePreview(search).then((preview) => {
              if (!preview || !started) return;
              set({ invitePreview: preview });
              const { step, college } = deps.card();
              if (pageCollege || step === 'joined' || college?.id === preview.college.id) return;
              // Kept in this browser by the card's follow-up (card-effects.ts).
              send({ type: 'collegeChosen', college: preview.college });
            });
          }
          const stopAuth = useCases.watchAuth((user) => void send({ type: 'user', user }));
          const stopLocal = watchLocal(deps, useCases);
          if (pageCollege) {
            startPageCampus(deps, useCases, pageCollege, (pageProgress) => {
              if (started) set({ pageProgress });
            });
          }
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
      invitePreview: null,
      pageCollege,
      pageProgress: null,
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
