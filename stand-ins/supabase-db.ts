import pg from 'pg';

/**
 * The throwaway PostgreSQL 15 cluster of scripts/test/test-supabase.sh: `SUPABASE_DB_URL_BASE` (no
 * database name) and the database `migrated` (platform stand-in, migrations, seed) as template.
 */
export const DB_URL_BASE = process.env.SUPABASE_DB_URL_BASE ?? '';
export const TEMPLATE_DB = process.env.SUPABASE_TEMPLATE_DB ?? 'migrated';

/** Loud, not silent: these tests need the cluster that scripts/test/test-supabase.sh starts. */
export function requireCluster(): string {
  if (!DB_URL_BASE) {
    throw new Error(
      'SUPABASE_DB_URL_BASE is not set: run these tests through `npm run test:supabase` ' +
        '(bash scripts/test/test-supabase.sh), which starts PostgreSQL 15 and applies the migrations.',
    );
  }
  return DB_URL_BASE;
}

let counter = 0;

/** A fresh copy of the migrated database (75 ms): each test file gets its own. */
export async function freshDatabase(
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const base = requireCluster();
  const name = `${prefix}_${process.pid}_${counter++}`.replace(/[^a-z0-9_]/gi, '_').toLowerCase();
  const admin = new pg.Client({ connectionString: `${base}/postgres` });
  await admin.connect();
  try {
    await admin.query(`create database "${name}" template "${TEMPLATE_DB}"`);
  } finally {
    await admin.end();
  }
  return {
    url: `${base}/${name}`,
    async drop() {
      const c = new pg.Client({ connectionString: `${base}/postgres` });
      await c.connect();
      try {
        await c.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}
