import { describe, expect, it } from 'vitest';
import { COLLEGE_CATALOGUE } from '@/data/college-catalogue';
import { withFreshDatabase } from '../support/fresh-database';

// The `colleges` table after the migrations and supabase/seed.sql, against the catalogue that the
// memory backend searches and the Algolia upload sends: one source of truth.
const db = withFreshDatabase('seed');

describe('colleges on PostgreSQL', () => {
  it('holds exactly the catalogue, in its order', async () => {
    const { rows } = await db.admin.query(
      'select id, name, subname, short_name as "shortName", keywords from public.colleges order by position',
    );
    expect(rows).toEqual(
      COLLEGE_CATALOGUE.map(({ id, name, subname, shortName, keywords }) => ({
        id,
        name,
        subname,
        shortName,
        keywords: [...keywords],
      })),
    );
  });

  it('applying the seed again changes nothing, and it removes a college gone from the catalogue', async () => {
    const fs = await import('node:fs');
    await db.admin.query(
      "insert into public.colleges (id, name) values ('ya-no-existe', 'Universidad Cerrada')",
    );
    await db.admin.query(fs.readFileSync('supabase/seed.sql', 'utf8'));
    const { rows } = await db.admin.query<{ n: number }>(
      'select count(*)::int as n from public.colleges',
    );
    expect(rows[0]!.n).toBe(COLLEGE_CATALOGUE.length);
  });
});
