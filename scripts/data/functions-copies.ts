import fs from 'node:fs';
import * as prettier from 'prettier';
import { COLLEGE_CATALOGUE } from '../../src/data/college-catalogue';
import { CAMPUS_EMAIL_PATH, campusEmailSource } from './campus-email';

/**
 * The Cloud Functions build on their own (functions/, its own package and tsconfig) and cannot
 * import src/. What they share with the app is generated here, never written twice by hand:
 * - functions/src/campus-email.ts: the campuses' e-mail domains (src/data/university-email.ts);
 * - functions/src/mail/: the e-mails' domain and sender (src/domain/mail/, two ports and the SMTP
 *   adapter), with the imports between them made relative, and the campuses' names;
 * - functions/src/campus-request-rule.ts: the text rule of 'Mi campus no aparece';
 * - firestore.rules' catalogue block: the catalogue's ids (issue 51).
 * `npm run functions:copies -- --write` regenerates them; tests/tooling/data/functions-copies.test.ts
 * fails when one is out of date.
 */
const HEADER = (source: string) =>
  `// Generated from ${source} by \`npm run functions:copies -- --write\`. Do not edit:\n` +
  '// tests/tooling/data/functions-copies.test.ts fails when the two disagree.\n';

/** Each copied file: where it comes from, where it goes. */
export const MAIL_COPIES: readonly (readonly [string, string])[] = [
  ['src/domain/mail/leave-token.ts', 'functions/src/mail/leave-token.ts'],
  ['src/domain/mail/mail-message.ts', 'functions/src/mail/mail-message.ts'],
  ['src/adapters/smtp/mail-settings.ts', 'functions/src/mail/mail-settings.ts'],
  ['src/domain/mail/outbox.ts', 'functions/src/mail/outbox.ts'],
  ['src/domain/mail/recipient-limits.ts', 'functions/src/mail/recipient-limits.ts'],
  ['src/domain/email-address.ts', 'functions/src/mail/email-address.ts'],
  ['src/domain/email-verification.ts', 'functions/src/mail/email-verification.ts'],
  ['src/domain/mail/deliver-outbox.ts', 'functions/src/mail/deliver-outbox.ts'],
  ['src/ports/outbox.port.ts', 'functions/src/mail/outbox.port.ts'],
  ['src/ports/mail-transport.port.ts', 'functions/src/mail/mail-transport.port.ts'],
  ['src/adapters/smtp/smtp-transport.adapter.ts', 'functions/src/mail/smtp-transport.adapter.ts'],
  // Not mail, but copied the same way: the text rule of 'Mi campus no aparece' (issue 51).
  ['src/domain/campus-request-rule.ts', 'functions/src/campus-request-rule.ts'],
  // And the retention rule (issue 51, item 9), and the failure reports' (issue 51).
  ['src/domain/retention.ts', 'functions/src/retention-rule.ts'],
  ['src/domain/failure-report.ts', 'functions/src/failure-report.ts'],
  // And the campus and invite rules (issue 52: one way to share a rule with the server; the
  // hand-written twins are gone).
  ['src/domain/campus-progress.ts', 'functions/src/rules/campus-progress.ts'],
  ['src/domain/email-domain.ts', 'functions/src/rules/email-domain.ts'],
  ['src/domain/invite-code.ts', 'functions/src/rules/invite-code.ts'],
  // And issue 49's: who will sell, where students came from, the milestones.
  ['src/domain/seller-choice.ts', 'functions/src/rules/seller-choice.ts'],
  ['src/domain/visit-source.ts', 'functions/src/rules/visit-source.ts'],
  ['src/domain/campus-milestones.ts', 'functions/src/rules/campus-milestones.ts'],
];

export const CAMPUS_LABEL_PATH = 'functions/src/mail/campus-label.ts';

/**
 * `@/domain/mail/x`, `@/ports/x` and `@/domain/email-address` as the copies' neighbours; in
 * functions/src/rules/, the rules' own neighbours and the mail folder's address rule.
 */
const relative = (text: string, to: string) =>
  to.startsWith('functions/src/rules/')
    ? text
        .replace(/from '@\/domain\/(campus-progress|email-domain|invite-code)'/g, "from './$1'")
        .replace(/from '@\/domain\/email-address'/g, "from '../mail/email-address'")
    : text.replace(
        /from '@\/(?:domain\/mail\/|ports\/|domain\/(?=email-address'|email-verification'))([\w.-]+)'/g,
        "from './$1'",
      );

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
    ...MAIL_COPIES.map(([from, to]) => {
      const text = relative(fs.readFileSync(from, 'utf8'), to);
      if (/from '@\//.test(text)) throw new Error(`${from} imports beyond the copied files`);
      return { path: to, text: HEADER(from) + text };
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
