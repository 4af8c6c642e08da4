// `retention` on Supabase: private.apply_retention deletes the accounts and everything kept of
// them in one statement (supabase/migrations; pg_cron runs it daily where it is installed).
import { withDatabase } from '../shared/postgres.mjs';

/** The plan (deleted unless `dryRun`): `{ rows: [reason, uid, campus?][], campuses: [] }`. */
export const retention = (options, usage, { dryRun }) =>
  withDatabase(options, usage, async (client) => {
    const { rows } = await client.query(
      'select reason, user_id::text as uid, college_id from private.apply_retention($1)',
      [dryRun],
    );
    return {
      rows: rows.map((r) => [r.reason, r.uid, ...(r.college_id ? [r.college_id] : [])]),
      campuses: [],
    };
  });
