import type { WaitlistRepo } from '@/ports/waitlist-repo.port';
import type { SupabaseClientLoader } from './supabase-client';
import { toBackendError, toThrownBackendError } from './supabase-errors';

/** The table of supabase/migrations: one row per student, keyed by their user id. */
export const WAITLIST_TABLE = 'waitlist';

/**
 * The waitlist in Postgres through PostgREST. Row-level security lets a student read and insert
 * only their own row, with their own e-mail; `created_at` is the database's. Joining is an insert
 * that does nothing when the row exists (`on conflict (uid) do nothing`): joining again, from a
 * double submit or a second tab, keeps the first entry and is not an error; the answer is the row
 * as stored.
 */
export function createSupabaseWaitlist(client: SupabaseClientLoader): WaitlistRepo {
  return {
    async exists(uid) {
      const sb = await client().catch((e: unknown) => Promise.reject(toThrownBackendError(e)));
      const { data, error, status } = await sb.rest
        .from(WAITLIST_TABLE)
        .select('uid')
        .eq('uid', uid)
        .maybeSingle();
      if (error) throw toBackendError(error, status);
      return data !== null;
    },

    async join(uid, entry) {
      const sb = await client().catch((e: unknown) => Promise.reject(toThrownBackendError(e)));
      // The entry's timestamp is the client's clock: the database sets created_at itself.
      const { error, status } = await sb.rest
        .from(WAITLIST_TABLE)
        .upsert(
          { uid, email: entry.email, college_id: entry.collegeId },
          { onConflict: 'uid', ignoreDuplicates: true },
        );
      if (error) throw toBackendError(error, status);
      // The first entry stands: answer with the row as stored (its college, the database's time).
      const read = await sb.rest
        .from(WAITLIST_TABLE)
        .select('email,college_id,created_at')
        .eq('uid', uid)
        .maybeSingle();
      if (read.error) throw toBackendError(read.error, read.status);
      const row = read.data as {
        email?: unknown;
        college_id?: unknown;
        created_at?: unknown;
      } | null;
      const at = typeof row?.created_at === 'string' ? new Date(row.created_at) : null;
      return {
        email: typeof row?.email === 'string' ? row.email : entry.email,
        collegeId: typeof row?.college_id === 'string' ? row.college_id : entry.collegeId,
        timestamp: at && !Number.isNaN(at.getTime()) ? at : entry.timestamp,
      };
    },
  };
}
