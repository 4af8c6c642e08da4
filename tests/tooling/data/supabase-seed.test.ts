import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COLLEGE_CATALOGUE } from '@/data/college-catalogue';
import { collegesSeedSql, SEED_PATH } from '../../../scripts/data/supabase-seed';

describe('the Supabase college seed', () => {
  it('is the catalogue: supabase/seed.sql is what the generator writes from it', () => {
    // On failure: npm run upload:colleges:supabase -- --write
    expect(fs.readFileSync(SEED_PATH, 'utf8')).toBe(collegesSeedSql());
  });

  it('has one row per catalogue entry, in order, and changes when the catalogue does', () => {
    const sql = collegesSeedSql();
    const ids = [...sql.matchAll(/^ {2}\('([a-z0-9-]+)'/gm)].map((m) => m[1]);
    expect(ids).toEqual(COLLEGE_CATALOGUE.map((c) => c.id));
    const changed = [{ ...COLLEGE_CATALOGUE[0]!, name: "Universidad O'Higgins" }];
    expect(collegesSeedSql(changed)).toContain("'Universidad O''Higgins'");
    expect(collegesSeedSql(changed)).not.toBe(sql);
  });
});
