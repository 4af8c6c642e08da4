// `campus` on Supabase: the settings in private.campus_settings, which the API does not expose
// (supabase/migrations/20261125000000_campus_progress.sql); verified by the database's domain
// rule (private.email_in_domains). A campus outside public.colleges exits 1.
import { fail } from '../shared/cli.mjs';
import { withDatabase } from '../shared/postgres.mjs';

/** Applies `change` (if any); the settings and the true counts of campus `id`. */
export const campus = (options, usage, id, change) =>
  withDatabase(options, usage, async (client) => {
    const { rows: known } = await client.query('select 1 from public.colleges where id = $1', [id]);
    if (known.length === 0) fail(`${id} is not a campus of the catalogue (public.colleges).`, 1);
    if (change) {
      await client.query(
        `insert into private.campus_settings (college_id, threshold, state, opens_on)
         values ($1, coalesce($2, 100), coalesce($3, 'gathering'), $4)
         on conflict (college_id) do update set
           threshold = coalesce($2, campus_settings.threshold),
           state = coalesce($3, campus_settings.state),
           opens_on = case when $5 then $4::date else campus_settings.opens_on end`,
        [
          id,
          change.threshold ?? null,
          change.state ?? null,
          change.opensOn ?? null,
          'opensOn' in change,
        ],
      );
    }
    const { rows } = await client.query(
      `select s.threshold, s.state, to_char(s.opens_on, 'YYYY-MM-DD') as "opensOn",
         (select count(*)::int from public.waitlist w where w.college_id = c.id) as joined,
         (select count(*)::int from public.waitlist w
           where w.college_id = c.id and private.email_in_domains(w.email, c.email_domains)) as verified
       from public.colleges c left join private.campus_settings s on s.college_id = c.id
       where c.id = $1`,
      [id],
    );
    return rows[0];
  });
