// The Supabase halves' database (scripts/ops/<feature>/supabase.mjs): the connection string of
// --db or SUPABASE_DB_URL (the postgres role: Project Settings → Database → Connection string;
// docs/deploy-supabase.md, step 6). Its `private` schema, which the API does not expose, holds
// what only operators may read and change.
import pg from 'pg';
import { fail, terminalActor } from './cli.mjs';

/** The connection string, or exit 2 with the usage. */
export function databaseUrl(options, usage) {
  const connectionString = options.db ?? process.env.SUPABASE_DB_URL;
  if (!connectionString) fail(`Name the database: --db URL (or set SUPABASE_DB_URL).\n${usage}`);
  return connectionString;
}

/** Runs `work` with one connected client, closed afterwards whatever happens. */
export async function withDatabase(options, usage, work) {
  const client = new pg.Client({ connectionString: databaseUrl(options, usage) });
  try {
    await client.connect();
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * The operator console's own SQL functions (issue 61), as the terminal calls them: `call(fn,
 * args)` runs `select public.<fn>(name => value, ...)` in one transaction of its own, with
 * `operator.actor` set to 'terminal:<user>' for that transaction (private.require_operator lets
 * the direct connection in under that name, and the operators' log records it), and resolves with
 * the function's JSON value. An argument that is an object or a list goes as JSON text (jsonb).
 * `work(call, client)` runs on one connection; what it resolves with is the answer.
 */
export const withOperator = (options, usage, work) =>
  withDatabase(options, usage, (client) => {
    const call = async (fn, args = {}) => {
      if (!/^operator_[a-z_]+$/.test(fn)) throw new Error(`not a console function: ${fn}`);
      const names = Object.keys(args);
      for (const name of names) {
        if (!/^[a-z_]+$/.test(name)) throw new Error(`not an argument name: ${name}`);
      }
      const values = names.map((name) =>
        typeof args[name] === 'object' && args[name] !== null
          ? JSON.stringify(args[name])
          : args[name],
      );
      const list = names.map((name, i) => `${name} => $${i + 1}`).join(', ');
      await client.query('begin');
      try {
        await client.query("select set_config('operator.actor', $1, true)", [terminalActor()]);
        const { rows } = await client.query(`select public.${fn}(${list}) as value`, values);
        await client.query('commit');
        return rows[0].value;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      }
    };
    return work(call, client);
  });
