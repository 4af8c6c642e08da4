import type { LeaveLinks } from '@/ports/leave-links.port';
import { backendCall } from '@/domain/deadline';
import type { LeaveLinkState } from '@/domain/mail/leave-token';

/** The longest token any backend makes is well under this: longer text is no token at all. */
const MAX_TOKEN = 400;

type Deps = { leaveLinks: LeaveLinks; timeoutMs?: number };

/** A call with the link's token; a missing or oversized token is 'malformed' without a call. */
const byToken =
  (call: (token: string) => Promise<LeaveLinkState>, timeoutMs?: number) =>
  async (token: string | null): Promise<LeaveLinkState> =>
    !token || token.length > MAX_TOKEN ? 'malformed' : backendCall(call(token), timeoutMs);

/**
 * The /salir page (issue 25): what the e-mail's leave link would do, then, once the student
 * confirms, leaving by it.
 */
export const createCheckLeaveLink = ({ leaveLinks, timeoutMs }: Deps) =>
  byToken((token) => leaveLinks.check(token), timeoutMs);

export const createLeaveByLink = ({ leaveLinks, timeoutMs }: Deps) =>
  byToken((token) => leaveLinks.leave(token), timeoutMs);
