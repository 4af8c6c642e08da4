import { AppError } from '@/domain/errors';
import { parseInviteCode } from '@/domain/invite-code';
import { parseInvitePreview } from '@/domain/invite-preview';
import type { Invites } from '@/ports/invites.port';
import type { SupabaseClientLoader } from './supabase-client';
import { supabaseCalls } from './supabase-calls';

/** The SQL functions of supabase/migrations: the caller's code and count, and a credit. */
export const MY_INVITES_FUNCTION = 'my_invites';
export const ACCEPT_INVITE_FUNCTION = 'accept_invite';
/** Public (anon): the campus and floored progress of an invite code (issue 48). */
export const INVITE_PREVIEW_FUNCTION = 'invite_preview';

/** Invites through `POST /rpc/my_invites` and `POST /rpc/accept_invite` (the database decides). */
export function createSupabaseInvites(client: SupabaseClientLoader): Invites {
  const calls = supabaseCalls(client);
  return {
    async mine(uid) {
      const data = await calls.ownRpc(uid, MY_INVITES_FUNCTION);
      const row = (Array.isArray(data) ? data[0] : null) as Record<string, unknown> | null;
      if (!row) throw new AppError('not-found', 'No waitlist entry');
      const code = parseInviteCode(row.code);
      const joined = row.joined;
      if (!code || typeof joined !== 'number' || !Number.isInteger(joined) || joined < 0) {
        throw new AppError('internal', 'my_invites answered a row that is not a code and a count');
      }
      return { code, joined };
    },
    async accept(uid, code) {
      return (await calls.ownRpc(uid, ACCEPT_INVITE_FUNCTION, { invite_code: code })) === true;
    },
    async preview(given) {
      const code = parseInviteCode(given);
      if (!code) return null;
      const data = await calls.rpc(INVITE_PREVIEW_FUNCTION, { invite_code: code });
      const row = (Array.isArray(data) ? data[0] : null) as Record<string, unknown> | null;
      if (!row) return null;
      const preview = parseInvitePreview({
        collegeId: row.college_id,
        name: row.name,
        subname: row.subname,
        shortName: row.short_name,
        verifiedCount: row.verified_count,
        threshold: row.threshold,
        state: row.state,
        opensOn: row.opens_on,
      });
      if (!preview) throw new AppError('internal', 'invite_preview answered no campus');
      return preview;
    },
  };
}
