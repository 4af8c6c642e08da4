import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COLLECTIONS } from '@/adapters/firebase/firestore-names';

// One file names every Firestore collection (src/adapters/firebase/firestore-names.ts, issue 58):
// it is held equal to firestore.rules and to the code, and nothing else names a collection.

const NAMES_FILE = 'src/adapters/firebase/firestore-names.ts';
const SCANNED = [
  'functions/src',
  'src',
  'tests/firebase',
  'tests/support',
  'tests/function',
  'scripts',
];
const SKIPPED = [
  NAMES_FILE,
  // Generated copies of src/ (scripts/data/functions-copies.ts): src/ is scanned itself.
  'functions/src/mirror',
];
const CODE = /\.(ts|tsx|mts|js|mjs)$/;

function filesUnder(dir: string): string[] {
  if (SKIPPED.includes(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(file);
    return CODE.test(entry.name) && !SKIPPED.includes(file) ? [file] : [];
  });
}

const names = Object.values(COLLECTIONS);
const alternatives = names.join('|');
/** A collection's name as a literal passed to collection()/doc()/collectionGroup(). */
const AS_ARGUMENT = new RegExp(
  String.raw`\b(?:collection|collectionGroup|doc)\(\s*(?:[^'"\x60()]*?,\s*)?(['"\x60])(?:${alternatives})(?:/[^'"\x60]*)?\1`,
);
/** A collection's name kept as a constant of its own: `WAITLIST_COLLECTION = 'waitlist'`. */
const AS_CONSTANT = new RegExp(
  String.raw`\b\w*COLLECTION\w*\s*=\s*(['"\x60])(?:${alternatives})\1`,
);
/** A path string that starts with a collection's name: 'waitlist/{uid}', `heroSettings/${id}`. */
const AS_PATH = new RegExp(String.raw`(['"\x60])(?:${alternatives})/[^'"\x60\s]*\1`);

/** A line's code: comments (which may name `waitlist/{uid}` to explain it) left out. */
const codeOf = (line: string): string =>
  /^\s*(\/\/|\/\*|\*)/.test(line) ? '' : line.replace(/\s\/\/\s.*$/, '');

/** The files that write a collection's name as a literal of their own, with the first line. */
function literalNames(files: readonly { file: string; text: string }[]): string[] {
  return files.flatMap(({ file, text }) => {
    const line = text
      .split('\n')
      .map(codeOf)
      .find((l) => [AS_ARGUMENT, AS_PATH, AS_CONSTANT].some((pattern) => pattern.test(l)));
    return line === undefined ? [] : [`${file}: ${line.trim()}`];
  });
}

const read = (file: string) => ({ file, text: fs.readFileSync(file, 'utf8') });

describe('firestore-names.ts, the one file naming every Firestore collection', () => {
  const rules = fs.readFileSync('firestore.rules', 'utf8');

  it('names every collection firestore.rules matches or points at', () => {
    const matched = [...rules.matchAll(/match \/(\w+)\/\{/g)]
      .map((m) => m[1])
      .filter((name) => name !== 'databases');
    const pointed = [...rules.matchAll(/\/documents\/(\w+)\/\$\(/g)].map((m) => m[1]);
    expect(matched.length).toBeGreaterThan(2);
    for (const name of [...matched, ...pointed]) expect(names).toContain(name);
  });

  it('holds no name that neither the rules nor the code use', () => {
    const code = SCANNED.flatMap(filesUnder)
      .map((file) => fs.readFileSync(file, 'utf8'))
      .join('\n');
    for (const [key, name] of Object.entries(COLLECTIONS)) {
      const used = code.includes(`COLLECTIONS.${key}`) || rules.includes(`/${name}/`);
      expect(used, `${name} is used nowhere`).toBe(true);
    }
  });

  it('is the only file that names a collection as a literal (in a call or a path)', () => {
    const files = SCANNED.flatMap(filesUnder);
    expect(files.length).toBeGreaterThan(100);
    expect(literalNames(files.map(read))).toEqual([]);
  });

  it('finds a literal put back (the check above can fail)', () => {
    expect(
      literalNames([
        { file: 'a.ts', text: "store.collection('waitlist').doc(uid)" },
        { file: 'b.ts', text: "sdk.doc(db, 'sellerChoices', uid)" },
        { file: 'c.ts', text: 'firestore.doc(`heroSettings/${id}`)' },
        { file: 'd.ts', text: "onDocumentWritten({ document: 'campusSettings/{id}' })" },
        { file: 'e.ts', text: 'store.collection(COLLECTIONS.waitlist).doc(uid)' },
        { file: 'f.ts', text: ' * `waitlist/{uid}` = the entry' },
        { file: 'g.ts', text: "export const MEMBERS_COLLECTION = 'campusMembers';" },
      ]),
    ).toEqual([
      "a.ts: store.collection('waitlist').doc(uid)",
      "b.ts: sdk.doc(db, 'sellerChoices', uid)",
      'c.ts: firestore.doc(`heroSettings/${id}`)',
      "d.ts: onDocumentWritten({ document: 'campusSettings/{id}' })",
      "g.ts: export const MEMBERS_COLLECTION = 'campusMembers';",
    ]);
  });
});
