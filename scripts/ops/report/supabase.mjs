// `report` on Supabase: the records as the service role reads them. Verified by the database's
// domain rule (private.email_in_domains; counted now: private.counted_members), invites from
// private.invites, settings from private.campus_settings, requests from private.campus_requests
// with each pending campus's id (private.pending_campus_id, the domain's rule).
import { withDatabase } from '../shared/postgres.mjs';

/** The records of the launch report (LaunchReportInput), as the service role reads them. */
export const launchInput = (options, usage) =>
  withDatabase(options, usage, async (client) => {
    const [entries, invited, sellers, sources, milestones, requests, settings] = await Promise.all([
      client.query(
        `select w.uid::text as uid, w.college_id as "collegeId", (cm.user_id is not null) as verified
       from public.waitlist w left join private.counted_members cm
         on cm.user_id = w.uid and cm.college_id = w.college_id`,
      ),
      // Credits that count now: the invitee counted at the inviter's campus.
      client.query(
        `select i.invitee::text as uid from private.invites i
       join public.waitlist wi on wi.uid = i.invitee
       join public.waitlist wr on wr.uid = i.inviter and wr.college_id = wi.college_id
       join private.counted_members cm on cm.user_id = i.invitee`,
      ),
      client.query('select user_id::text as uid, categories from private.seller_choices'),
      client.query(
        'select user_id::text as uid, source, medium, campaign from private.join_sources',
      ),
      client.query('select college_id as "collegeId", milestone from private.campus_milestones'),
      client.query(
        `select private.pending_campus_id(r.request_key) as "pendingId", min(r.name) as name,
         count(*)::int as requests, a.college_id as "addedAs",
         array_agg(r.user_id::text) as requesters
       from private.campus_requests r left join private.added_campuses a using (request_key)
       group by r.request_key, a.college_id`,
      ),
      client.query(
        'select college_id, threshold, state, seller_minimum from private.campus_settings',
      ),
    ]);
    return {
      entries: entries.rows,
      invited: invited.rows.map((r) => r.uid),
      sellers: sellers.rows,
      sources: sources.rows,
      milestones: milestones.rows,
      requests: requests.rows,
      settings: Object.fromEntries(
        settings.rows.map((r) => [
          r.college_id,
          { threshold: r.threshold, state: r.state, sellerMinimum: r.seller_minimum },
        ]),
      ),
    };
  });

/** The records of the named CSV reports (report/campus-report.mjs). */
export const reportInput = (options, usage) =>
  withDatabase(options, usage, async (client) => {
    const [entries, invites, settings, requests, failures, drops] = await Promise.all([
      client.query(
        `select w.uid::text as uid, w.college_id as "collegeId", w.created_at as "joinedAt",
         private.email_in_domains(w.email, c.email_domains) as verified, w.email
       from public.waitlist w join public.colleges c on c.id = w.college_id`,
      ),
      client.query('select invitee::text as uid from private.invites'),
      client.query(
        `select college_id, threshold, state, to_char(opens_on, 'YYYY-MM-DD') as opens_on
       from private.campus_settings`,
      ),
      client.query(
        `select request_key as key, name, city, created_at as at,
         coalesce(a.college_id, private.pending_campus_id(request_key)) as "pendingId"
       from private.campus_requests left join private.added_campuses a using (request_key)`,
      ),
      client.query(
        `select to_char(day, 'YYYY-MM-DD') as day, kind, code, count from private.failure_counts`,
      ),
      client.query(
        `select to_char(day, 'YYYY-MM-DD') as day, dropped::int as dropped
         from private.failure_drops_by_day()`,
      ),
    ]);
    return {
      entries: entries.rows.map((r) => ({ ...r, joinedAt: r.joinedAt.toISOString() })),
      invited: invites.rows.map((r) => r.uid),
      settings: Object.fromEntries(
        settings.rows.map((r) => [
          r.college_id,
          { threshold: r.threshold, state: r.state, opensOn: r.opens_on ?? '' },
        ]),
      ),
      requests: requests.rows.map((r) => ({ ...r, at: r.at.toISOString() })),
      failures: failures.rows,
      failureDrops: drops.rows,
    };
  });
