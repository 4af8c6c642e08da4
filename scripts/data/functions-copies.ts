import fs from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import { COLLEGE_CATALOGUE } from '../../src/data/college-catalogue';
import { CAMPUS_EMAIL_PATH, campusEmailSource } from './campus-email';

/**
 * The Cloud Functions build on their own (functions/, its own package and tsconfig) and cannot
 * import src/. What they share with the app is generated here, never written twice by hand, under
 * ONE folder, functions/src/mirror/, that keeps src/'s own paths (issue 58):
 * - the src/ files of MIRRORED, byte for byte (plus a generated header): src/domain/x.ts is
 *   functions/src/mirror/domain/x.ts. They import each other with relative paths, so a copy
 *   compiles in both places and no import is rewritten; a mirrored file that imports anything but
 *   another mirrored file, a `node:` module or a dependency of functions/package.json is refused;
 * - functions/src/mirror/data/: what the functions need of src/data/, made from it (the campuses'
 *   e-mail domains, their names);
 * - firestore.rules' catalogue block: the catalogue's ids (issue 51).
 * `npm run functions:copies -- --write` regenerates them; tests/tooling/data/functions-copies.test.ts
 * fails when one is out of date.
 */
const HEADER = (source: string) =>
  `// Generated from ${source} by \`npm run functions:copies -- --write\`. Do not edit:\n` +
  '// tests/tooling/data/functions-copies.test.ts fails when the two disagree.\n';

/** Where the copies live: src/'s own paths under it. */
export const MIRROR = 'functions/src/mirror';

/** Every src/ file the functions use, copied to the same path under MIRROR. */
export const MIRRORED: readonly string[] = [
  // The e-mails' domain and sender (issue 25): the messages, the outbox, the sender's rules, its
  // two ports and the SMTP adapter.
  'src/domain/mail/leave-token.ts',
  'src/domain/mail/mail-message.ts',
  'src/domain/mail/outbox.ts',
  'src/domain/mail/recipient-limits.ts',
  'src/domain/mail/deliver-outbox.ts',
  // Where a message's links about a campus land (issue 60).
  'src/domain/campus-page.ts',
  'src/domain/email-address.ts',
  'src/domain/email-verification.ts',
  // The limits on code e-mails (issue 59).
  'src/domain/code-sends.ts',
  'src/domain/mail/suppression.ts',
  'src/ports/outbox.port.ts',
  'src/ports/mail-transport.port.ts',
  'src/adapters/smtp/mail-settings.ts',
  'src/adapters/smtp/smtp-transport.adapter.ts',
  // The text rule of 'Mi campus no aparece' and the pending campus's id (issues 51, 49).
  'src/domain/campus-request-rule.ts',
  // Retention (issue 51, item 9) and the failure reports (issue 51).
  'src/domain/retention.ts',
  'src/domain/failure-report.ts',
  // The campus and invite rules (issue 52: one way to share a rule with the server), and the
  // college-id rule (issue 60: the public progress refuses any other id).
  'src/domain/college.ts',
  'src/domain/campus-progress.ts',
  'src/domain/email-domain.ts',
  'src/domain/invite-code.ts',
  // Issue 49's: who will sell, where students came from, the milestones.
  'src/domain/seller-choice.ts',
  'src/domain/visit-source.ts',
  'src/domain/campus-milestones.ts',
  // The operator console's rules (issue 61): settings, readiness, the launch's plan, the log.
  'src/domain/operator/readiness.ts',
  'src/domain/operator/console-settings.ts',
  'src/domain/operator/launch-plan.ts',
  'src/domain/operator/audit-log.ts',
  'src/domain/operator/add-campus.ts',
  // Every Firestore collection and shared field, named once (issue 58).
  'src/adapters/firebase/firestore-names.ts',
];

/** A src/ file's place in the mirror. */
export const mirrorOf = (from: string): string => `${MIRROR}/${from.slice('src/'.length)}`;

export const CAMPUS_LABEL_PATH = `${MIRROR}/data/campus-label.ts`;

/** What a mirrored file may import: another mirrored file, a `node:` module, a dependency. */
function checkImports(from: string, text: string): void {
  const deps = Object.keys(
    (JSON.parse(fs.readFileSync('functions/package.json', 'utf8')) as { dependencies: object })
      .dependencies,
  );
  for (const [, spec] of text.matchAll(/^(?:import|export)\s(?:[^;']*?from\s+)?'([^']+)'/gm)) {
    const ok = spec!.startsWith('.')
      ? MIRRORED.includes(`${path.posix.join(path.posix.dirname(from), spec!)}.ts`)
      : spec!.startsWith('node:') || deps.includes(spec!.split('/')[0]!);
    if (!ok) throw new Error(`${from} imports '${spec}', which the functions' mirror lacks`);
  }
}

function campusLabelSource(): string {
  const labels = Object.fromEntries(COLLEGE_CATALOGUE.map((c) => [c.id, c.shortName]));
  const names = Object.fromEntries(COLLEGE_CATALOGUE.map((c) => [c.id, [c.name, c.subname]]));
  return [
    HEADER('src/data/college-catalogue.ts'),
    "/** Each campus's name as the page shows it ('UDG - CUCEI'), by college id. */",
    `export const CAMPUS_LABEL: Readonly<Record<string, string | undefined>> = ${JSON.stringify(labels, null, 2)};`,
    '',
    "/** Each campus's name and subname as the selector shows them (an invite's preview, issue 48). */",
    `export const CAMPUS_NAME: Readonly<Record<string, readonly [name: string, subname: string] | undefined>> = ${JSON.stringify(names)};`,
    '',
  ].join('\n');
}

export const RULES_PATH = 'firestore.rules';
const RULES_BLOCK = /( *)\/\/ BEGIN catalogue ids[^\n]*\n[\s\S]*?\/\/ END catalogue ids\n/;

/**
 * firestore.rules with its catalogue block made from the catalogue: the rules refuse an entry
 * whose collegeId is no campus of it (issue 51; Supabase has a foreign key to its colleges).
 */
function rulesSource(): string {
  const rules = fs.readFileSync(RULES_PATH, 'utf8');
  const found = RULES_BLOCK.exec(rules);
  if (!found) throw new Error(`${RULES_PATH} has no '// BEGIN catalogue ids' block`);
  const indent = found[1]!;
  const ids = COLLEGE_CATALOGUE.map((c) => c.id).sort();
  const lines = [
    `// BEGIN catalogue ids: made by \`npm run functions:copies -- --write\` from src/data/college-catalogue.ts`,
    '// (tests/tooling/data/functions-copies.test.ts fails when they differ). A campus of the',
    '// catalogue: an entry or a change of campus names one of these, or is refused.',
    'function isCatalogueCollege(value) {',
    '  return value in [',
    ...ids.map((id) => `    '${id}',`),
    '  ];',
    '}',
    '// END catalogue ids',
  ];
  return rules.replace(RULES_BLOCK, lines.map((l) => `${indent}${l}\n`).join(''));
}

/** Every generated file of the functions and its text, formatted as the repository keeps it. */
export async function functionsCopies(): Promise<{ path: string; text: string }[]> {
  const files = [
    { path: CAMPUS_EMAIL_PATH, text: campusEmailSource() },
    { path: CAMPUS_LABEL_PATH, text: campusLabelSource() },
    ...MIRRORED.map((from) => {
      const text = fs.readFileSync(from, 'utf8');
      checkImports(from, text);
      return { path: mirrorOf(from), text: HEADER(from) + text };
    }),
  ];
  const formatted = await Promise.all(
    files.map(async ({ path, text }) => {
      const options = await prettier.resolveConfig(path);
      return { path, text: await prettier.format(text, { ...options, filepath: path }) };
    }),
  );
  return [...formatted, { path: RULES_PATH, text: rulesSource() }];
}
