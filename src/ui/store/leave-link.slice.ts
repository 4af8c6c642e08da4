import type { StateCreator } from 'zustand/vanilla';
import type { LeaveLinkState } from '@/domain/mail/leave-token';
import type { SliceDeps } from './outcome';

/**
 * The /salir page (issue 25): the e-mail's leave link, checked, then used once the student
 * confirms. 'failed' is a call that did not answer (the step can be tried again); a refused link
 * is 'done' with why.
 */
export type LeaveLinkView =
  | { readonly status: 'checking' }
  | { readonly status: 'ask' }
  | { readonly status: 'leaving' }
  /** An expired link being used to stop the e-mails (issue 51). */
  | { readonly status: 'stopping' }
  | { readonly status: 'done'; readonly state: Exclude<LeaveLinkState, 'valid'> }
  | { readonly status: 'failed'; readonly step: 'check' | 'leave' | 'stop' };

export interface LeaveLinkSlice {
  readonly leaveLink: LeaveLinkView;
  /** Checks the link's token (nothing changes). */
  checkLeaveLink: (token: string | null) => Promise<void>;
  /** Leaves by the link (the student confirmed); a second call while one runs does nothing. */
  leaveByLink: (token: string | null) => Promise<void>;
  /**
   * Stops the e-mails with an expired link (issue 51: too old to delete anything): the backend's
   * same call, which answers 'stopped' for such a link. A second call while one runs does nothing.
   */
  stopMailByLink: (token: string | null) => Promise<void>;
}

export const createLeaveLinkSlice =
  ({ services, log }: SliceDeps): StateCreator<LeaveLinkSlice> =>
  (set) => {
    let leaving = false;
    return {
      leaveLink: { status: 'checking' },
      async checkLeaveLink(token) {
        set({ leaveLink: { status: 'checking' } });
        try {
          const state = await (await services()).checkLeaveLink(token);
          set({ leaveLink: state === 'valid' ? { status: 'ask' } : { status: 'done', state } });
        } catch (error) {
          log('Error checking the leave link', error);
          set({ leaveLink: { status: 'failed', step: 'check' } });
        }
      },
      async leaveByLink(token) {
        await send(token, 'leave');
      },
      async stopMailByLink(token) {
        await send(token, 'stop');
      },
    };

    /** The link used, to leave or (expired) to stop the e-mails: one call at a time. */
    async function send(token: string | null, step: 'leave' | 'stop') {
      if (leaving) return;
      leaving = true;
      set({ leaveLink: { status: step === 'leave' ? 'leaving' : 'stopping' } });
      try {
        const state = await (await services()).leaveByLink(token);
        // 'valid' is no answer to leaving: a backend saying so left nothing, and is asked again.
        set({ leaveLink: state === 'valid' ? { status: 'ask' } : { status: 'done', state } });
      } catch (error) {
        log('Error leaving by the leave link', error);
        set({ leaveLink: { status: 'failed', step } });
      } finally {
        leaving = false;
      }
    }
  };
