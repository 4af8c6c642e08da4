import { PRIVACY_NOTICE_VERSION } from '@/domain/join-terms';
import { AppError } from '@/domain/errors';
import type { HeroConsentRepo } from '@/ports/hero-consent.port';
import type { SupabaseClientLoader } from './supabase-client';
import { toBackendError, toThrownBackendError } from './supabase-errors';
import { requireOwnUid } from './supabase-owner';

/** The table of supabase/migrations: one row per consenting student, deleted on revoking. */
export const HERO_CONSENT_TABLE = 'hero_consent';
/** The SQL function of supabase/migrations that gives or renews the caller's consent. */
export const GRANT_HERO_CONSENT_FUNCTION = 'grant_hero_consent';

/**
 * The hero consent in Postgres through PostgREST: read with `GET /hero_consent`, given or renewed
 * with `POST /rpc/grant_hero_consent` (an upsert as the caller, dated by the database: the page
 * never sends a date), revoked with `DELETE /hero_consent` (deleting no row is no error).
 * Row-level security shows a student only their own record; another student's uid is refused
 * before any request (supabase-owner.ts).
 */
export function createSupabaseHeroConsent(client: SupabaseClientLoader): HeroConsentRepo {
  const load = () => client().catch((e: unknown) => Promise.reject(toThrownBackendError(e)));

  return {
    async get(uid) {
      const sb = await load();
      await requireOwnUid(sb, uid);
      const { data, error, status } = await sb.rest
        .from(HERO_CONSENT_TABLE)
        .select('granted_at')
        .eq('user_id', uid);
      if (error) throw toBackendError(error, status);
      const row = (Array.isArray(data) ? data[0] : null) as { granted_at?: unknown } | null;
      if (!row) return null;
      const at = typeof row.granted_at === 'string' ? new Date(row.granted_at) : null;
      if (!at || Number.isNaN(at.getTime())) {
        throw new AppError('internal', 'The consent answered has no date');
      }
      return { grantedAt: at };
    },

    async grant(uid) {
      const sb = await load();
      await requireOwnUid(sb, uid);
      const { error, status } = await sb.rest.rpc(GRANT_HERO_CONSENT_FUNCTION, {
        notice_version: PRIVACY_NOTICE_VERSION,
      });
      if (error) throw toBackendError(error, status);
    },

    async revoke(uid) {
      const sb = await load();
      await requireOwnUid(sb, uid);
      const { error, status } = await sb.rest.from(HERO_CONSENT_TABLE).delete().eq('user_id', uid);
      if (error) throw toBackendError(error, status);
    },
  };
}
