import {
  type CampusProgress,
  type MyCampus,
  parseMyCampus,
  parsePublicProgress,
} from '@/domain/campus-progress';
import { isCollegeId } from '@/domain/college';
import { AppError } from '@/domain/errors';
import type { CampusProgressRepo } from '@/ports/campus-progress.port';
import type { SupabaseClientLoader } from './supabase-client';
import { supabaseCalls } from './supabase-calls';

/** The SQL function of supabase/migrations that answers the caller's campus, floored. */
export const MY_CAMPUS_FUNCTION = 'my_campus';
/** Public (anon): a campus's floored progress, for the campus page (issue 60). */
export const CAMPUS_PROGRESS_FUNCTION = 'campus_progress';

/**
 * The student's campus through `POST /rpc/my_campus`: the database counts the campus's verified
 * students and decides the caller's verification (security definer, the caller's row only), and
 * answers one row, or none when the caller has no entry. A campus's public progress through
 * `POST /rpc/campus_progress`, signed in or not: one row, or none for no such campus.
 */
export function createSupabaseCampusProgress(client: SupabaseClientLoader): CampusProgressRepo {
  const calls = supabaseCalls(client);
  return {
    async mine(uid): Promise<MyCampus> {
      const data = await calls.ownRpc(uid, MY_CAMPUS_FUNCTION); // any shape: read field by field below
      const row = (Array.isArray(data) ? data[0] : null) as Record<string, unknown> | null;
      if (!row) throw new AppError('not-found', 'No waitlist entry');
      // The SQL function's snake_case columns, as the domain reads an answer.
      const campus = parseMyCampus({
        collegeId: row.college_id,
        verified: row.verified,
        verifiedCount: row.verified_count,
        threshold: row.threshold,
        state: row.state,
        opensOn: row.opens_on,
        universityOf: row.university_of,
        name: row.name,
        subname: row.subname,
        shortName: row.short_name,
      });
      if (!campus) throw new AppError('internal', 'my_campus answered a row without a campus');
      return campus;
    },
    async ofCampus(collegeId): Promise<CampusProgress | null> {
      if (!isCollegeId(collegeId)) return null;
      const data = await calls.rpc(CAMPUS_PROGRESS_FUNCTION, { college: collegeId });
      const row = (Array.isArray(data) ? data[0] : null) as Record<string, unknown> | null;
      // The SQL function's snake_case columns; no row, or a malformed one, is no progress.
      return parsePublicProgress(collegeId, {
        collegeId: row?.college_id,
        verifiedCount: row?.verified_count,
        threshold: row?.threshold,
        state: row?.state,
        opensOn: row?.opens_on,
      });
    },
  };
}
