// Issue 52, item 5: the lists of the README and docs/architecture.md cannot drift. Each names
// every port, every slice of the store and every contract suite there is; a new one fails this
// test until the lists name it.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const files = (dir: string, suffix: string) =>
  fs.readdirSync(path.join(root, dir)).filter((f) => f.endsWith(suffix));

/** The lines of a layout block from `start` (a line beginning with it) to the next `src/` line. */
function block(text: string, start: string): string {
  const lines = text.split('\n');
  const from = lines.findIndex((l) => l.startsWith(start));
  expect(from, `a line starting with ${start}`).toBeGreaterThanOrEqual(0);
  const rest = lines.slice(from + 1);
  const to = rest.findIndex((l) => /^\S/.test(l));
  return [lines[from], ...rest.slice(0, to < 0 ? rest.length : to)].join(' ');
}

/** Every interface a port file exports. */
const PORTS = files('src/ports', '.port.ts').flatMap((f) =>
  [...read(`src/ports/${f}`).matchAll(/export interface (\w+)/g)].map((m) => m[1]!),
);

/** Each slice by its file's name, as prose names it ('college-search.slice.ts': 'college search'). */
const SLICES = files('src/ui/store', '.slice.ts').map((f) =>
  f.replace('.slice.ts', '').replace(/-/g, ' '),
);

/** The port each contract suite is for, as its describe names it ('Invites contract: …'). */
const CONTRACTS = files('tests/app/contract', '.contract.ts').map((f) => {
  const found = /describe\(`(\w+) contract/.exec(read(`tests/app/contract/${f}`));
  expect(found, `${f} names its port`).not.toBeNull();
  return found![1]!;
});

describe('the docs name everything there is (issue 52)', () => {
  it.each(['README.md', 'docs/architecture.md'])(
    '%s names every port in its src/ports line',
    (doc) => {
      const listed = block(read(doc), 'src/ports');
      expect(PORTS.filter((port) => !new RegExp(`\\b${port}\\b`).test(listed))).toEqual([]);
    },
  );

  it('docs/architecture.md names every slice of the store', () => {
    const text = read('docs/architecture.md').replace(/\s+/g, ' ');
    const listed = /composes the slices of actions \(([^)]*)\)/.exec(text)?.[1] ?? '';
    expect(SLICES.filter((slice) => !listed.includes(slice))).toEqual([]);
  });

  it('the README names the port of every contract suite', () => {
    const text = read('README.md').replace(/\s+/g, ' ');
    const listed = /`contract\/`: one suite per backend port \(([^)]*)\)/.exec(text)?.[1] ?? '';
    expect(CONTRACTS.filter((port) => !new RegExp(`\\b${port}\\b`).test(listed))).toEqual([]);
  });

  it('finds what it checks (a list read empty would pass anything)', () => {
    expect(PORTS.length).toBeGreaterThanOrEqual(16);
    expect(SLICES.length).toBeGreaterThanOrEqual(10);
    expect(CONTRACTS.length).toBeGreaterThanOrEqual(9);
  });
});
