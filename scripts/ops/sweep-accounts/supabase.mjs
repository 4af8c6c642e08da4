// `sweep:accounts` on Supabase: auth.users without a public.waitlist row or the operator role
// (private.operators, issue 61), deleted with
// everything under them (on delete cascade).
import { withDatabase } from '../shared/postgres.mjs';

// Idle: neither created nor signed in to within the period, no entry, and not an operator.
const IDLE = `from auth.users u
  where greatest(u.created_at, coalesce(u.last_sign_in_at, u.created_at))
        < now() - make_interval(days => $1)
    and not exists (select 1 from public.waitlist w where w.uid = u.id)
    and not exists (select 1 from private.operators o where o.user_id = u.id)`;

/** The idle accounts without an entry, deleted with `yes` in one statement. */
export const sweep = (options, usage, { days, yes }) =>
  withDatabase(options, usage, async (client) => {
    if (!yes) {
      const { rows } = await client.query(
        `select u.id, greatest(u.created_at, coalesce(u.last_sign_in_at, u.created_at)) as seen
         ${IDLE} order by seen`,
        [days],
      );
      return { accounts: rows.map((r) => ({ uid: r.id, seen: r.seen.toISOString() })) };
    }
    const { rows } = await client.query(
      `delete from auth.users where id in (select u.id ${IDLE}) returning id`,
      [days],
    );
    return { accounts: rows.map((r) => ({ uid: r.id })), deleted: rows.length };
  });
