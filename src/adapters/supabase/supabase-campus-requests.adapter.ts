import type { CampusRequests } from '@/ports/campus-requests.port';
import { parsePendingCampus } from '@/domain/campus-request';
import type { SupabaseClientLoader } from './supabase-client';
import { supabaseCalls } from './supabase-calls';

/** The SQL function of supabase/migrations that records the caller's request. */
export const REQUEST_CAMPUS_FUNCTION = 'request_campus';

/** 'Mi campus no aparece' through `POST /rpc/request_campus` (the database checks it again). */
export function createSupabaseCampusRequests(client: SupabaseClientLoader): CampusRequests {
  const calls = supabaseCalls(client);
  return {
    async request(uid, { name, city }) {
      const data = await calls.ownRpc(uid, REQUEST_CAMPUS_FUNCTION, { name, city });
      return parsePendingCampus(data, REQUEST_CAMPUS_FUNCTION);
    },
  };
}
