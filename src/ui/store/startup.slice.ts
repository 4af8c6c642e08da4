import type { StateCreator } from 'zustand/vanilla';
import type { College } from '@/domain/college';
import { isBackendConfigError } from '@/domain/errors';
import type { InvitePreview } from '@/domain/invite-preview';
import { watchLocal } from './watch-local';
import type { SliceDeps } from './outcome';

/** Starting the backend: loads it, then follows the signed-in user and the other tabs. */
export interface StartupSlice {
  /**
   * The campus of the invite this visit arrived with (`/?ref=CODE`, issue 48) and its floored
   * progress, shown before sign-in; null for none (or an unknown code).
   */
  readonly invitePreview: InvitePreview | null;
  /** The campus of the page, on a campus's page (issue 60); null on the landing page. */
  readonly pageCollege: College | null;
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
            // The invite lands in context (issue 48): its campus is shown and pre-chosen.
            void useCases.loadInvitePreview(search).then((preview) => {
              if (!preview || !started) return;
              set({ invitePreview: preview });
              // On a campus's page, the page's campus stays chosen.
              if (pageCollege) return;
              const card = deps.card();
              if (card.step === 'joined' || card.college?.id === preview.college.id) return;
              // Kept in this browser by the card's follow-up (card-effects.ts).
              send({ type: 'collegeChosen', college: preview.college });
            });
          }
          const stopAuth = useCases.watchAuth((user) => void send({ type: 'user', user }));
          const stopLocal = watchLocal(deps, useCases);
          // A campus's page chooses its campus over this browser's earlier choice, as a student's
          // choice would (kept in this browser by the card's follow-up); a joined card keeps its own.
          const card = deps.card();
          if (pageCollege && card.step !== 'joined' && card.college?.id !== pageCollege.id) {
            send({ type: 'collegeChosen', college: pageCollege });
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
