import type { CollegeSearch } from '@/ports/college-search.port';
import { collegesFromRecords } from '@/domain/college';
import type { SupabaseClientLoader } from './supabase-client';
import { supabaseCalls } from './supabase-calls';

/** The SQL function of supabase/migrations: accent- and case-insensitive, trigram, at most 3. */
export const SEARCH_FUNCTION = 'search_colleges';
/** A search answer slower than this is abandoned (deadline-exceeded); the UI then offers defaults. */
export const SEARCH_TIMEOUT_MS = 3_000;

/** College search as one RPC (`POST /rest/v1/rpc/search_colleges`), allowed without sign-in. */
export function createSupabaseCollegeSearch(client: SupabaseClientLoader): CollegeSearch {
  const calls = supabaseCalls(client);
  return {
    async search(query) {
      // Any shape: the domain's rule reads it.
      const rows = await calls.rpc(SEARCH_FUNCTION, { q: query }, SEARCH_TIMEOUT_MS);
      return collegesFromRecords(rows).slice(0, 3);
    },
  };
}
