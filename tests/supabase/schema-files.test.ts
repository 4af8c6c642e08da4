import fs from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireCluster, freshDatabase } from '../../stand-ins/supabase-db';
import { supabaseSchemaFiles, strayFiles } from '../../scripts/data/supabase-schema.ts';

// supabase/schema/<feature>.sql is the migrated database read back, one file per feature
// (scripts/data/supabase-features.ts): a migration without `npm run schema:supabase -- --write`,
// or a hand edit of a file, fails here. Read from a copy of the migrated template (a connection to
// the template itself would stop the other files from copying it).
let db: Awaited<ReturnType<typeof freshDatabase>>;
let name: string;
beforeAll(async () => {
  db = await freshDatabase('schema');
  name = db.url.slice(requireCluster().length + 1);
});
afterAll(async () => {
  await db?.drop();
});

describe('supabase/schema', () => {
  it('holds what `npm run schema:supabase -- --write` makes from the migrations', async () => {
    const files = await supabaseSchemaFiles(requireCluster(), name);
    expect(files.length).toBeGreaterThan(10);
    for (const { path, text } of files) {
      const held = fs.existsSync(path) ? fs.readFileSync(path, 'utf8') : `${path} is missing`;
      expect(held, `${path} is out of date: npm run schema:supabase -- --write`).toBe(text);
    }
    expect(strayFiles(files)).toEqual([]);
    const mail = files.find((f) => f.path.endsWith('/mail.sql'))!;
    expect(mail.text).toMatch(/^CREATE OR REPLACE FUNCTION private\.claim_mail\(/m);
  });

  it('refuses an object no feature holds, naming it', async () => {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      await client.query('create table private.unplaced (id int primary key)');
      await client.query(
        'create function public.unplaced_call() returns int language sql as $$ select 1 $$',
      );
    } finally {
      await client.end();
    }
    const made = supabaseSchemaFiles(requireCluster(), name);
    await expect(made).rejects.toThrow(/table private\.unplaced: no feature/);
    await expect(made).rejects.toThrow(/function public\.unplaced_call\(\): no feature/);
  });
});
