import { PRIVACY_NOTICE_VERSION } from '@/domain/join-terms';
import { AppError } from '@/domain/errors';
import type { HeroConsentRepo } from '@/ports/hero-consent.port';
import type { SupabaseClientLoader } from './supabase-client';
import { dataOf, supabaseCalls } from './supabase-calls';

/** The table of supabase/migrations: one row per consenting student, deleted on revoking. */
export const HERO_CONSENT_TABLE = 'hero_consent';
/** The SQL function of supabase/migrations that gives or renews the caller's consent. */
export const GRANT_HERO_CONSENT_FUNCTION = 'grant_hero_consent';

/**
 * The hero consent in Postgres through PostgREST: read with `GET /hero_consent`, given or renewed
 * with `POST /rpc/grant_hero_consent` (an upsert as the caller, dated by the database: the page
 * never sends a date), revoked with `DELETE /hero_consent` (deleting no row is no error).
 * Row-level security shows a student only their own record; another student's uid is refused
 * before any request (supabase-calls.ts).
 */
export function createSupabaseHeroConsent(client: SupabaseClientLoader): HeroConsentRepo {
  const calls = supabaseCalls(client);

  return {
    async get(uid) {
      const sb = await calls.own(uid);
      const data = dataOf(
        await sb.rest.from(HERO_CONSENT_TABLE).select('granted_at').eq('user_id', uid),
      );
      const row = (Array.isArray(data) ? data[0] : null) as { granted_at?: unknown } | null;
      if (!row) return null;
      const at = typeof row.granted_at === 'string' ? new Date(row.granted_at) : null;
      if (!at || Number.isNaN(at.getTime())) {
        throw new AppError('internal', 'The consent answered has no date');
      }
      return { grantedAt: at };
    },

    async grant(uid) {
      await calls.ownRpc(uid, GRANT_HERO_CONSENT_FUNCTION, {
        notice_version: PRIVACY_NOTICE_VERSION,
      });
    },

    async revoke(uid) {
      const sb = await calls.own(uid);
      dataOf(await sb.rest.from(HERO_CONSENT_TABLE).delete().eq('user_id', uid));
    },
  };
}
