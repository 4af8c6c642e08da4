import { execFile } from 'node:child_process';
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
