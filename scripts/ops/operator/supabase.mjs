// `operator` on Supabase (issue 61): the operator console's role is a row of private.operators
// (supabase/migrations/20261129000100_operator_console_records.sql), granted or revoked by
// private.set_operator over the direct database connection, in one transaction with its entry in
// the operators' log ('role-grant' / 'role-revoke', actor 'terminal:<user>'). It takes effect at
// the account's next call: every console function reads the table (private.require_operator).
import { terminalActor } from '../shared/cli.mjs';
import { withDatabase } from '../shared/postgres.mjs';

/**
 * Grants (`grant` true) or revokes the role of the account with this address (any case):
 * `{ uid, email, changed }`, `changed` false when it already was so. No such account rejects
 * with an Error saying so (the entry prints it).
 */
export async function setOperator(options, usage, { email, grant }) {
  return withDatabase(options, usage, async (client) => {
    try {
      const { rows } = await client.query(
        'select uid::text as uid, email, changed from private.set_operator($1, $2, $3)',
        [email, grant, terminalActor()],
      );
      return rows[0];
    } catch (error) {
      if (error?.code === 'P0002') {
        throw new Error(
          `No account with the address ${email}: the person signs in on the site once (Google), then run this again.`,
          { cause: error },
        );
      }
      throw error;
    }
  });
}

/**
 * Recounts the console's campus counters from the records (private.recount_operator_counts: what
 * the migration ran for the students already on a list): how many students they count.
 */
export async function recount(options, usage) {
  return withDatabase(options, usage, async (client) => {
    await client.query('select private.recount_operator_counts()');
    const { rows } = await client.query('select count(*)::int as n from public.waitlist');
    return rows[0].n;
  });
}
