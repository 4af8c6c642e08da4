// Creates database $1 on the throwaway cluster (127.0.0.1:$SUPABASE_PG_PORT, user postgres) and
// runs, in order, the hosted platform's stand-in (stand-ins/supabase/platform.sql), every
// migration (supabase/migrations/*.sql) and the seed (supabase/seed.sql): the database the
// Supabase tests copy as their template (scripts/test/supabase-db.sh). Over the `pg` client, so
// that it needs no psql: PostgreSQL from npm has only the server binaries.
import fs from 'node:fs';
import pg from 'pg';

const db = process.argv[2];
if (!db || !/^[a-z_][a-z0-9_]*$/.test(db)) {
  console.error('usage: node scripts/test/migrate-db.mjs DATABASE (lower-case letters, digits, _)');
  process.exit(2);
}
const port = Number(process.env.SUPABASE_PG_PORT ?? 54329);
const connect = async (database) => {
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database });
  await client.connect();
  return client;
};

const admin = await connect('postgres');
await admin.query(`create database ${db}`);
await admin.end();

const files = [
  'stand-ins/supabase/platform.sql',
  ...fs
    .readdirSync('supabase/migrations')
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => `supabase/migrations/${f}`),
  'supabase/seed.sql',
];
const client = await connect(db);
try {
  for (const file of files) {
    // One file, one simple query: its statements run in order, in one transaction.
    await client.query(fs.readFileSync(file, 'utf8')).catch((error) => {
      throw new Error(`${file}: ${error.message}`);
    });
  }
} finally {
  await client.end();
}
