import type { CampusRequests } from '@/ports/campus-requests.port';
import { parsePendingCampus } from '@/domain/campus-request';
import type { SupabaseClientLoader } from './supabase-client';
import { toBackendError, toThrownBackendError } from './supabase-errors';
import { requireOwnUid } from './supabase-owner';

/** The SQL function of supabase/migrations that records the caller's request. */
export const REQUEST_CAMPUS_FUNCTION = 'request_campus';

/** 'Mi campus no aparece' through `POST /rpc/request_campus` (the database checks it again). */
export function createSupabaseCampusRequests(client: SupabaseClientLoader): CampusRequests {
  const load = () => client().catch((e: unknown) => Promise.reject(toThrownBackendError(e)));
  return {
    async request(uid, { name, city }) {
      const sb = await load();
      await requireOwnUid(sb, uid);
      const answer = await sb.rest.rpc(REQUEST_CAMPUS_FUNCTION, { name, city });
      if (answer.error) throw toBackendError(answer.error, answer.status);
      return parsePendingCampus(answer.data, REQUEST_CAMPUS_FUNCTION);
    },
  };
}
