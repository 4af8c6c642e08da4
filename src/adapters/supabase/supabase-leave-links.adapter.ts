import type { LeaveLinks } from '@/ports/leave-links.port';
import { AppError } from '@/domain/errors';
import { parseLeaveLinkState } from '@/domain/mail/leave-token';
import type { SupabaseClientLoader } from './supabase-client';
import { supabaseCalls } from './supabase-calls';

/** The SQL functions of supabase/migrations/…_mail.sql (anon may call them: no sign-in). */
export const CHECK_LEAVE_LINK_FUNCTION = 'check_leave_link';
export const LEAVE_BY_LINK_FUNCTION = 'leave_by_link';

/** The e-mails' leave link through `POST /rpc/check_leave_link` and `/rpc/leave_by_link`. */
export function createSupabaseLeaveLinks(client: SupabaseClientLoader): LeaveLinks {
  const calls = supabaseCalls(client);
  const call = async (fn: string, token: string) => {
    const state = parseLeaveLinkState(await calls.rpc(fn, { token }));
    if (!state) throw new AppError('internal', `Not an answer of ${fn}`);
    return state;
  };
  return {
    check: (token) => call(CHECK_LEAVE_LINK_FUNCTION, token),
    leave: (token) => call(LEAVE_BY_LINK_FUNCTION, token),
  };
}
