import { COLLEGE_CATALOGUE, type CatalogueEntry } from '../../src/data/college-catalogue';
import { universityEmailOf } from '../../src/data/university-email';

/** Where the Cloud Functions' copy of the campuses' e-mail domains lives (generated). */
export const CAMPUS_EMAIL_PATH = 'functions/src/mirror/data/campus-email.ts';

/**
 * The campuses' e-mail domains and wording for the Cloud Functions (which build on their own and
 * cannot import src/), from src/data/university-email.ts: `npm run functions:copies -- --write`
 * (scripts/data/functions-copies.ts).
 */
export function campusEmailSource(
  catalogue: readonly CatalogueEntry[] = COLLEGE_CATALOGUE,
): string {
  const entries = catalogue.flatMap((entry) => {
    const email = universityEmailOf(entry);
    return email ? [[entry.id, { domains: [...email.domains], of: email.of }] as const] : [];
  });
  return [
    '// Generated from src/data/university-email.ts by `npm run functions:copies -- --write`.',
    '// Do not edit: tests/tooling/data/functions-copies.test.ts fails when the two disagree.',
    '',
    '/** Each campus of the catalogue with an e-mail domain on file: its domains and wording. */',
    'export const CAMPUS_EMAIL: Readonly<',
    '  Record<string, { readonly domains: readonly string[]; readonly of: string } | undefined>',
    `> = ${JSON.stringify(Object.fromEntries(entries), null, 2)};`,
    '',
  ].join('\n');
}
