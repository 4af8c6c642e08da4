import type { CollegeSearch } from '@/ports/college-search.port';
import { collegesFromRecords } from '@/domain/college';
import type { SupabaseClientLoader } from './supabase-client';
import { toBackendError, toThrownBackendError } from './supabase-errors';

/** The SQL function of supabase/migrations: accent- and case-insensitive, trigram, at most 3. */
export const SEARCH_FUNCTION = 'search_colleges';
/** A search answer slower than this is abandoned (deadline-exceeded); the UI then offers defaults. */
export const SEARCH_TIMEOUT_MS = 3_000;

/** College search as one RPC (`POST /rest/v1/rpc/search_colleges`), allowed without sign-in. */
export function createSupabaseCollegeSearch(client: SupabaseClientLoader): CollegeSearch {
  return {
    async search(query) {
      const sb = await client().catch((e: unknown) => Promise.reject(toThrownBackendError(e)));
      const answer = await sb.rest
        .rpc(SEARCH_FUNCTION, { q: query })
        .abortSignal(AbortSignal.timeout(SEARCH_TIMEOUT_MS));
      if (answer.error) throw toBackendError(answer.error, answer.status);
      const rows: unknown = answer.data; // any shape: the domain's rule reads it
      return collegesFromRecords(rows).slice(0, 3);
    },
  };
}
