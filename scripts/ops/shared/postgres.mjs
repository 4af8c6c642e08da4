// The Supabase halves' database (scripts/ops/<feature>/supabase.mjs): the connection string of
// --db or SUPABASE_DB_URL (the postgres role: Project Settings → Database → Connection string;
// docs/deploy-supabase.md, step 6). Its `private` schema, which the API does not expose, holds
// what only operators may read and change.
import pg from 'pg';
import { fail } from './cli.mjs';

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
