// `campus:add` on Supabase, in one transaction (private.add_campus,
// supabase/migrations/20261128070000_campus_launch.sql): the campus joins public.colleges, every
// entry on the pending campus moves to it, and one 'Ya puedes unirte' e-mail is queued per student
// who asked (the sender sends it: `npm run mail:supabase -- send`).
import { withDatabase } from '../shared/postgres.mjs';

export const QUEUED = 'e-mails queued';

/** Adds the campus: `{ added, moved, queued }`; the database's refusal throws (exit 1). */
export const addCampus = (options, usage, addition) =>
  withDatabase(options, usage, async (client) => {
    const { rows } = await client.query(
      'select added, moved, queued from private.add_campus($1, $2, $3, $4)',
      [addition.request, addition.id, addition.name, addition.short],
    );
    return rows[0];
  });
