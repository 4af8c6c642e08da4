import { COLLEGE_CATALOGUE, type CatalogueEntry } from '../../src/data/college-catalogue';
import { universityEmailOf } from '../../src/data/university-email';

/** Where the generated seed lives (the Supabase CLI's layout: `supabase db push --include-seed`). */
export const SEED_PATH = 'supabase/seed.sql';

const literal = (value: string): string => `'${value.replaceAll("'", "''")}'`;
const textArray = (values: readonly string[]): string =>
  values.length ? `array[${values.map(literal).join(', ')}]::text[]` : `'{}'::text[]`;

const row = (c: CatalogueEntry, position: number): string => {
  const email = universityEmailOf(c);
  return `  (${[literal(c.id), literal(c.name), literal(c.subname), literal(c.shortName), textArray(c.keywords), String(position), textArray(email?.domains ?? []), email ? literal(email.of) : 'null'].join(', ')})`;
};

/**
 * The `colleges` rows of the shared catalogue as one idempotent SQL script: inserts new colleges,
 * updates changed ones, and removes colleges gone from the catalogue unless a student has joined
 * their waitlist. Generated, never edited by hand: `npm run upload:colleges:supabase -- --write`.
 */
export function collegesSeedSql(catalogue: readonly CatalogueEntry[] = COLLEGE_CATALOGUE): string {
  return [
    '-- Generated from src/data/college-catalogue.ts by `npm run upload:colleges:supabase -- --write`.',
    '-- Do not edit: tests/supabase/seed.test.ts fails when this file and the catalogue disagree.',
    'begin;',
    'insert into public.colleges (id, name, subname, short_name, keywords, position, email_domains, university_of) values',
    catalogue.map(row).join(',\n'),
    'on conflict (id) do update set',
    '  name = excluded.name, subname = excluded.subname, short_name = excluded.short_name,',
    '  keywords = excluded.keywords, position = excluded.position,',
    '  email_domains = excluded.email_domains, university_of = excluded.university_of;',
    'delete from public.colleges c',
    `where c.id <> all (${textArray(catalogue.map((e) => e.id))})`,
    '  and not exists (select 1 from public.waitlist w where w.college_id = c.id);',
    'commit;',
    '',
  ].join('\n');
}
