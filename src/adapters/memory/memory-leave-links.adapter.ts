import type { LeaveLinks } from '@/ports/leave-links.port';
import {
  LEAVE_PURPOSE,
  type LeaveLinkState,
  leaveTokenExpiry,
  readLeaveToken,
  signLeaveToken,
} from '@/domain/mail/leave-token';
import { MEMORY_LEAVE_SECRET } from './memory-mail.adapter';
import type { MemoryContext, MemoryState, Slice } from './memory-store';
import { isTime, recordOf, without } from './memory-values';

declare module './memory-store' {
  interface MemoryState {
    /**
     * Entries whose e-mails an expired leave link stopped (issue 51): the entry's date of joining
     * (ms), keyed by uid. A new entry of the same student is not stopped.
     */
    readonly mailStopped: Readonly<Record<string, number>>;
  }
}

/** The leave links' slice: the entries an expired link stopped the e-mails of. */
export const leaveLinksSlice: Slice<'mailStopped'> = {
  empty: () => ({ mailStopped: {} }),
  parse: (d) => ({ mailStopped: recordOf(d.mailStopped, isTime) }),
  withoutStudent: (state, uid) => ({ mailStopped: without(state.mailStopped, uid) }),
};

/** Why a message was not sent: the student stopped their e-mails with an expired link. */
export const STOPPED_ERROR = 'stopped: the student asked for no more e-mails (an expired link)';

/** Whether an expired leave link stopped the e-mails of this entry (issue 51). */
export const isStopped = (state: MemoryState, uid: string, joined: number): boolean =>
  Object.hasOwn(state.mailStopped, uid) && state.mailStopped[uid] === joined;

/** The leave links' operator control. */
export interface LeaveLinksControls {
  /**
   * A leave link's token for a student's entry, as the sender makes it (for developers and tests;
   * `expires` in seconds since 1970, `purpose` other than 'leave' for a link of another use).
   */
  leaveToken(uid: string, options?: { expires?: number; purpose?: string }): Promise<string>;
}

export const leaveLinksControls = ({ store, clock }: MemoryContext): LeaveLinksControls => ({
  leaveToken: async (uid, { expires, purpose = LEAVE_PURPOSE } = {}) => {
    const entry = store.read().entries[uid];
    if (!entry) throw new Error(`No waitlist entry for ${uid}`);
    return signLeaveToken(
      {
        purpose,
        uid,
        joined: Date.parse(entry.timestamp),
        expires: expires ?? leaveTokenExpiry(clock.now()),
      },
      MEMORY_LEAVE_SECRET,
    );
  },
});

/** Leave links, read with the memory backend's secret against the stored entries. */
export function createMemoryLeaveLinks({ store, controls, clock }: MemoryContext): LeaveLinks {
  /** The token's student when it names their entry as it is now, or why not. */
  const studentOf = async (
    token: string,
  ): Promise<{ uid: string; joined: number } | LeaveLinkState> => {
    const reading = await readLeaveToken(token, MEMORY_LEAVE_SECRET, clock.now());
    if (!reading.ok) return reading.fault;
    const { uid, joined } = reading.claims;
    const entry = store.read().entries[uid];
    return entry && Date.parse(entry.timestamp) === joined ? { uid, joined } : 'used';
  };
  return {
    async check(token) {
      await controls.enter('checkLeaveLink');
      const student = await studentOf(token);
      return typeof student === 'string' ? student : 'valid';
    },
    async leave(token) {
      await controls.enter('leaveByLink');
      const reading = await readLeaveToken(token, MEMORY_LEAVE_SECRET, clock.now());
      if (!reading.ok && reading.fault === 'expired' && reading.claims) {
        // Too old to delete anything; it still stops the e-mails of the entry it names.
        const { uid, joined } = reading.claims;
        let stopped = false;
        store.update((state) => {
          const entry = state.entries[uid];
          if (!entry || Date.parse(entry.timestamp) !== joined) return state;
          stopped = true;
          const outbox = Object.fromEntries(
            Object.entries(state.outbox).map(([id, mail]) => [
              id,
              mail.uid === uid && mail.status === 'pending'
                ? { ...mail, status: 'failed' as const, error: STOPPED_ERROR, leaseUntil: 0 }
                : mail,
            ]),
          );
          return { ...state, outbox, mailStopped: { ...state.mailStopped, [uid]: joined } };
        });
        return stopped ? 'stopped' : 'expired';
      }
      const student = await studentOf(token);
      if (typeof student === 'string') return student;
      // The entry is looked at again as the deletion happens: of two uses at once, one leaves.
      let left = false;
      store.update((state) => {
        const entry = state.entries[student.uid];
        if (!entry || Date.parse(entry.timestamp) !== student.joined) return state;
        left = true;
        return store.withoutStudent(state, student.uid);
      });
      return left ? 'left' : 'used';
    },
  };
}
