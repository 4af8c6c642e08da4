import * as prettier from 'prettier';
import { COLLEGE_CATALOGUE, type CatalogueEntry } from '../../src/data/college-catalogue';
import { universityEmailOf } from '../../src/data/university-email';

/** Where the Cloud Functions' copy of the campuses' e-mail domains lives (generated). */
export const CAMPUS_EMAIL_PATH = 'functions/src/campus-email.ts';

/**
 * The campuses' e-mail domains and wording for the Cloud Functions (which build on their own and
 * cannot import src/), from src/data/university-email.ts: `npm run campus:email -- --write`.
 */
export function campusEmailSource(
  catalogue: readonly CatalogueEntry[] = COLLEGE_CATALOGUE,
): string {
  const entries = catalogue.flatMap((entry) => {
    const email = universityEmailOf(entry);
    return email ? [[entry.id, { domains: [...email.domains], of: email.of }] as const] : [];
  });
  return [
    '// Generated from src/data/university-email.ts by `npm run campus:email -- --write`.',
    '// Do not edit: tests/tooling/data/campus-email.test.ts fails when the two disagree.',
    '',
    '/** Each campus of the catalogue with an e-mail domain on file: its domains and wording. */',
    'export const CAMPUS_EMAIL: Readonly<',
    '  Record<string, { readonly domains: readonly string[]; readonly of: string } | undefined>',
    `> = ${JSON.stringify(Object.fromEntries(entries), null, 2)};`,
    '',
  ].join('\n');
}

/** The source as the repository keeps it: formatted by the project's Prettier settings. */
export async function formattedCampusEmailSource(): Promise<string> {
  const options = await prettier.resolveConfig(CAMPUS_EMAIL_PATH);
  return prettier.format(campusEmailSource(), { ...options, filepath: CAMPUS_EMAIL_PATH });
}
