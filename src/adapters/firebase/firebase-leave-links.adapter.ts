import type { LeaveLinks } from '@/ports/leave-links.port';
import { AppError } from '@/domain/errors';
import { parseLeaveLinkState } from '@/domain/mail/leave-token';
import { type CallableOptions, callableFunction } from './firebase-callable';
import { toBackendError } from './firebase-errors';

/** The callable functions of functions/src/leave-links.ts (no sign-in needed: the token is the key). */
export const CHECK_LEAVE_LINK_FUNCTION = 'check_leave_link';
export const LEAVE_BY_LINK_FUNCTION = 'leave_by_link';

/** The e-mails' leave link through the callables `check_leave_link` and `leave_by_link`. */
export function createCallableLeaveLinks(options: CallableOptions): LeaveLinks {
  const check = callableFunction(options, CHECK_LEAVE_LINK_FUNCTION);
  const leave = callableFunction(options, LEAVE_BY_LINK_FUNCTION);
  const ask = async (call: typeof check, token: string) => {
    let answer: unknown;
    try {
      answer = await call({ token });
    } catch (error) {
      throw toBackendError(error);
    }
    const state = parseLeaveLinkState((answer as { state?: unknown } | null)?.state);
    if (!state) throw new AppError('internal', 'Not an answer of a leave link function');
    return state;
  };
  return { check: (token) => ask(check, token), leave: (token) => ask(leave, token) };
}
