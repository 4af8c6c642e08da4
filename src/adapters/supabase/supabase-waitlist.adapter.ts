import { JOIN_TERMS } from '@/domain/join-terms';
import { AppError } from '@/domain/errors';
import type { WaitlistEntry } from '@/domain/waitlist-entry';
import type { WaitlistRepo } from '@/ports/waitlist-repo.port';
import type { SupabaseClientLoader } from './supabase-client';
import { dataOf, supabaseCalls } from './supabase-calls';

/** The table of supabase/migrations: one row per student, keyed by their user id. */
export const WAITLIST_TABLE = 'waitlist';
/** The columns that make the spec's entry (email, collegeId, timestamp). */
const ENTRY_COLUMNS = 'email,college_id,created_at';

/** A row as PostgREST answers it, or null when it is not a whole entry. */
function entryOf(row: unknown): WaitlistEntry | null {
  const r = row as { email?: unknown; college_id?: unknown; created_at?: unknown } | null;
  if (typeof r?.email !== 'string' || typeof r.college_id !== 'string') return null;
  const at = typeof r.created_at === 'string' ? new Date(r.created_at) : null;
  if (!at || Number.isNaN(at.getTime())) return null;
  return { email: r.email, collegeId: r.college_id, timestamp: at };
}

/** The only row of an answer (RLS shows a student at most their own), or null. */
function onlyRow(data: unknown): unknown {
  return Array.isArray(data) ? (data[0] ?? null) : null;
}

function malformed(): AppError {
  return new AppError('internal', 'The waitlist answered a row that is not an entry');
}

/**
 * The waitlist in Postgres through PostgREST. Row-level security lets a student read, insert,
 * change the campus of and delete only their own row, with their own e-mail; `created_at` is the
 * database's. Joining is an insert that does nothing when the row exists (`on conflict (uid) do
 * nothing`): joining again, from a double submit or a second tab, keeps the first entry and is not
 * an error; the answer is the row as stored. Another student's uid is refused before any request
 * (supabase-calls.ts).
 */
export function createSupabaseWaitlist(client: SupabaseClientLoader): WaitlistRepo {
  const calls = supabaseCalls(client);

  return {
    async get(uid) {
      const sb = await calls.own(uid);
      const data = dataOf(await sb.rest.from(WAITLIST_TABLE).select(ENTRY_COLUMNS).eq('uid', uid));
      const row = onlyRow(data);
      if (row === null) return null;
      return entryOf(row) ?? Promise.reject(malformed());
    },

    async join(uid, entry) {
      const sb = await calls.clients();
      // The entry's timestamp is the client's clock: the database sets created_at itself.
      const written = await sb.rest.from(WAITLIST_TABLE).upsert(
        {
          uid,
          email: entry.email,
          college_id: entry.collegeId,
          // What joining confirms (src/domain/join-terms.ts): the insert policy takes both together.
          adult: JOIN_TERMS.adult,
          notice_version: JOIN_TERMS.noticeVersion,
        },
        { onConflict: 'uid', ignoreDuplicates: true },
      );
      dataOf(written);
      // The first entry stands: answer with the row as stored (its college, the database's time).
      const read = dataOf(await sb.rest.from(WAITLIST_TABLE).select(ENTRY_COLUMNS).eq('uid', uid));
      return entryOf(onlyRow(read)) ?? entry;
    },

    async changeCollege(uid, collegeId) {
      const sb = await calls.own(uid);
      // PATCH /waitlist?uid=eq.<uid> with return=representation: the row as changed, or none.
      const data = dataOf(
        await sb.rest
          .from(WAITLIST_TABLE)
          .update({ college_id: collegeId })
          .eq('uid', uid)
          .select(ENTRY_COLUMNS),
      );
      const row = onlyRow(data);
      if (row === null) throw new AppError('not-found', 'No waitlist entry to change');
      return entryOf(row) ?? Promise.reject(malformed());
    },

    async leave(uid) {
      const sb = await calls.own(uid);
      // DELETE /waitlist?uid=eq.<uid>: deleting no row (a retry) is no error.
      dataOf(await sb.rest.from(WAITLIST_TABLE).delete().eq('uid', uid));
    },
  };
}
