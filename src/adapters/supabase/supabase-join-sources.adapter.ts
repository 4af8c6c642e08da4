import { AppError } from '@/domain/errors';
import { parseVisitSource } from '@/domain/visit-source';
import type { JoinSources } from '@/ports/join-sources.port';
import type { SupabaseClientLoader } from './supabase-client';
import { supabaseCalls } from './supabase-calls';

/** The SQL function of supabase/schema/join-sources.sql (issue 49). */
export const RECORD_JOIN_SOURCE_FUNCTION = 'record_join_source';

/** The caller's source, written once by the database (the table is no page role's). */
export function createSupabaseJoinSources(client: SupabaseClientLoader): JoinSources {
  const { ownRpc: rpc } = supabaseCalls(client);
  return {
    async record(uid, source) {
      // The database checks again; this only spares it a call it would refuse.
      if (!parseVisitSource(source)) throw new AppError('invalid-argument', 'Not a clamped source');
      const data = await rpc(uid, RECORD_JOIN_SOURCE_FUNCTION, {
        source: source.source,
        medium: source.medium,
        campaign: source.campaign,
      });
      if (typeof data !== 'boolean') {
        throw new AppError('internal', `${RECORD_JOIN_SOURCE_FUNCTION} answered no boolean`);
      }
      return data;
    },
  };
}
