// Issue 58, part 5: the README's map of the backend ports is the code's. Every port a backend
// implements has a row; every file a row names exists, implements or tests that port, and its
// contract suite runs on memory, Firebase and Supabase. A new port, a renamed file or a suite
// left unrun fails here until the map and the code agree.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BACKEND_PORT_KEYS } from '@/composition/tokens';

const root = path.resolve(__dirname, '../../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const exists = (file: string) => fs.existsSync(path.join(root, file));

/** The columns of the map, and the folder each one's file names are relative to. */
const COLUMNS = [
  ['memory', 'src/adapters/memory'],
  ['firebase', 'src/adapters'],
  ['supabase', 'src/adapters/supabase'],
  ['contract', 'tests/app/contract'],
  ['schema', 'supabase/schema'],
  ['function', 'functions/src'],
] as const;
type Column = (typeof COLUMNS)[number][0];
type Row = { port: string } & Record<Column, string | null>;

/** The map's rows, read from the README's table between its two markers. */
function mapRows(): Row[] {
  const found = /<!-- map:start -->\n([\s\S]*?)<!-- map:end -->/.exec(read('README.md'));
  expect(found, 'README.md has the map between <!-- map:start --> and <!-- map:end -->').not.toBe(
    null,
  );
  return found![1]!
    .trim()
    .split('\n')
    .slice(2) // the header and its rule
    .map((line) => {
      const cells = line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim());
      const file = (cell: string | undefined) => /^`([^`]+)`$/.exec(cell ?? '')?.[1] ?? null;
      return {
        port: cells[0]!,
        ...(Object.fromEntries(
          COLUMNS.map(([column], i) => [column, file(cells[i + 1])]),
        ) as Record<Column, string | null>),
      };
    });
}

/** The name of each backend port's interface, by its key in `Ports`. */
const PORT_NAME_OF: Record<string, string> = Object.fromEntries(
  Array.from(read('src/composition/tokens.ts').matchAll(/^ {2}(\w+): '(\w+)',$/gm), (m) => [
    m[1]!,
    m[2]!,
  ]),
);
const BACKEND_PORTS = BACKEND_PORT_KEYS.map((key) => PORT_NAME_OF[key]!);

/** Every test file under a folder (recursively), as text. */
const testFiles = (dir: string): string[] =>
  fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(file);
    return /\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });

/** Where each backend runs the contract suites (the Algolia adapter is Firebase's search). */
const RUNNERS = {
  memory: ['tests/app/contract/memory.contract.test.ts'],
  firebase: [...testFiles('tests/firebase'), ...testFiles('tests/app/integration')],
  supabase: testFiles('tests/supabase'),
};

describe("the README's map of the ports (issue 58)", () => {
  const rows = mapRows();

  it('has one row per backend port, in the list of ports (PORT_NAMES)', () => {
    expect(BACKEND_PORTS.length).toBeGreaterThanOrEqual(13);
    expect(rows.map((row) => row.port)).toEqual(BACKEND_PORTS);
  });

  it.each(BACKEND_PORTS)('%s: every file it names exists', (port) => {
    const row = rows.find((r) => r.port === port)!;
    for (const [column, dir] of COLUMNS) {
      const file = row[column];
      // Only a port without a function of its own may say so (in words, not a file name).
      if (file === null && column === 'function') continue;
      expect(file, `${port}: the ${column} column names a file`).not.toBeNull();
      expect(exists(`${dir}/${file}`), `${dir}/${file}`).toBe(true);
    }
  });

  it.each(BACKEND_PORTS)('%s: each adapter implements the port, named for it', (port) => {
    const row = rows.find((r) => r.port === port)!;
    const portFile = fs
      .readdirSync(path.join(root, 'src/ports'))
      .find((f) => new RegExp(`export interface ${port}\\b`).test(read(`src/ports/${f}`)));
    expect(portFile, `src/ports declares ${port}`).toBeDefined();
    for (const [column, dir] of COLUMNS.slice(0, 3)) {
      const text = read(`${dir}/${row[column]}`);
      const module = `@/ports/${portFile!.replace(/\.ts$/, '')}`;
      expect(text, `${row[column]} imports ${module}`).toContain(`from '${module}'`);
      expect(text, `${row[column]} names ${port}`).toMatch(new RegExp(`\\b${port}\\b`));
    }
  });

  it.each(BACKEND_PORTS)('%s: its contract suite runs on memory, Firebase and Supabase', (port) => {
    const row = rows.find((r) => r.port === port)!;
    const suite = read(`tests/app/contract/${row.contract}`);
    expect(suite, `${row.contract} is the ${port} suite`).toContain(`\`${port} contract:`);
    const describe = /export function (describe\w+Contract)\(/.exec(suite)?.[1];
    expect(describe, `${row.contract} exports its describe…Contract`).toBeDefined();
    for (const [backend, files] of Object.entries(RUNNERS)) {
      const runs = files.filter((f) => new RegExp(`\\b${describe}\\(`).test(read(f)));
      expect(runs, `${describe} runs on ${backend}`).not.toEqual([]);
    }
  });
});
