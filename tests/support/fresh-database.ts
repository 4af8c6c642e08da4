import { execFile } from 'node:child_process';
import os from 'node:os';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { freshDatabase } from '../../stand-ins/supabase-db';

/** The test file's database: its address and a client connected as the cluster's owner. */
export interface FreshDatabase {
  readonly url: string;
  readonly admin: pg.Client;
}

/**
 * A fresh copy of the migrated database for the whole test file, with an owner's client on it:
 * made before the file's own `beforeAll` hooks (call this first) and dropped after its `afterAll`
 * hooks (Vitest runs them as a stack), so a stand-in started on `url` is closed before the drop.
 * Read `url` and `admin` inside hooks and tests, not when the file loads: they are set once the
 * database exists. The preamble every Supabase test file wrote for itself (issue 58, part 6).
 */
export function withFreshDatabase(prefix: string): FreshDatabase {
  const held = {} as { url: string; admin: pg.Client; drop?: () => Promise<void> };
  beforeAll(async () => {
    const db = await freshDatabase(prefix);
    held.url = db.url;
    held.drop = db.drop;
    held.admin = new pg.Client({ connectionString: db.url });
    await held.admin.connect();
  });
  afterAll(async () => {
    await held.admin?.end();
    await held.drop?.();
  });
  return held;
}

/**
 * An operator command on this database, as an operator runs it: `scripts/ops/<name>.mjs --backend
 * supabase` in a child process, connected by `SUPABASE_DB_URL`.
 */
export const supabaseCommand =
  (db: FreshDatabase, name: string) =>
  (...args: string[]) =>
    promisify(execFile)('node', [`scripts/ops/${name}.mjs`, '--backend', 'supabase', ...args], {
      env: { ...process.env, SUPABASE_DB_URL: db.url },
      timeout: 30_000,
    });

/** Who the operators' log names as running a command here (scripts/ops/shared/cli.mjs). */
export const TERMINAL_ACTOR = `terminal:${os.userInfo().username}`;

/** The operators' log's entries of an action, oldest first. */
export const operatorLog = async (db: FreshDatabase, action: string) =>
  (
    await db.admin.query<{ actor: string; target: string | null; outcome: string }>(
      `select actor, target, outcome from private.operator_log where action = $1 order by id`,
      [action],
    )
  ).rows;

/**
 * A console function as an operator's session calls it through the API (role authenticated, the
 * operator's JWT): its JSON value. The operator is made (and granted the role) at the first call.
 */
export async function asOperator(db: FreshDatabase, sql: string, params: unknown[] = []) {
  const email = 'consola@example.mx';
  await db.admin.query(
    `insert into auth.users (email) select $1 where not exists (select 1 from auth.users where email = $1)`,
    [email],
  );
  await db.admin.query(`select private.set_operator($1, true, 'terminal:test')`, [email]);
  const { rows } = await db.admin.query<{ id: string }>(
    'select id::text from auth.users where email = $1',
    [email],
  );
  await db.admin.query('begin');
  try {
    await db.admin.query('set local role authenticated');
    await db.admin.query(`select set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({ sub: rows[0]!.id, email, role: 'authenticated' }),
    ]);
    const answer = await db.admin.query<{ value: unknown }>(`select ${sql} as value`, params);
    await db.admin.query('commit');
    return answer.rows[0]!.value;
  } catch (error) {
    await db.admin.query('rollback');
    throw error;
  }
}
