import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  buildGraph,
  findCycle,
  type Graph,
  importsOf,
  type Rule,
  violations,
} from '../../support/import-graph';

const SDKS = /^(firebase|@firebase|algoliasearch|@algolia|@supabase)(\/|$)/;
const FRAMEWORKS =
  /^(react|react-dom|inversify|reflect-metadata|zustand|sonner|cmdk|@radix-ui|lucide-react)(\/|$)/;

/** The hexagon's rules: imports point inward (ui -> domain <- adapters). */
const RULES: Rule[] = [
  {
    name: 'shared data imports nothing of ours and no package',
    from: /^src\/data\//,
    forbidLocal: /^src\/(?!data\/)/,
    forbidPackages: /./,
  },
  {
    // Generic helpers (scheduling, loading once, text matching) on a floor of their own, so that
    // src/domain holds only the domain's rules and use cases; any room may import them.
    name: 'shared helpers import only each other and no package',
    from: /^src\/shared\//,
    forbidLocal: /^src\/(?!shared\/)/,
    forbidPackages: /./,
  },
  {
    name: 'domain and ports stay pure',
    from: /^src\/(domain|ports)\//,
    forbidLocal: /^src\/(adapters|ui|composition)\//,
    forbidPackages: new RegExp(`${SDKS.source}|${FRAMEWORKS.source}`),
  },
  {
    name: 'ui reaches the domain through use cases, never adapters or the container',
    from: /^src\/ui\//,
    forbidLocal: /^src\/(adapters|composition)\//,
    forbidPackages: new RegExp(`${SDKS.source}|^(inversify|reflect-metadata)(\\/|$)`),
  },
  {
    // The server-only corner (issue 52): the sender's SMTP transport and the Postgres outbox run
    // in Node (the Cloud Functions' copy, the ops scripts), never in the page.
    name: 'only smtp/ and postgres/ import nodemailer and pg, and nothing of the page imports them',
    from: /^src\/(?!adapters\/(smtp|postgres)\/)/,
    forbidLocal: /^src\/adapters\/(smtp|postgres)\//,
    forbidPackages: /^(nodemailer|pg)(\/|$)/,
  },
  {
    name: 'adapters implement ports only',
    from: /^src\/adapters\//,
    forbidLocal: /^src\/(ui|composition)\//,
    forbidPackages: /^(react|react-dom|inversify|zustand|sonner)(\/|$)/,
  },
  {
    name: 'the store keeps nothing itself: no storage, no adapter, no SDK',
    from: /^src\/ui\/store\//,
    forbidLocal: /^src\/(adapters|composition)\/|^src\/ports\/key-value-storage/,
  },
  {
    // The waitlist card's state and its transition function: a pure model the store drives and
    // the components read, testable without React, zustand or a backend.
    name: 'the card model imports only the domain and shared helpers, and no package',
    from: /^src\/ui\/card\//,
    forbidLocal: /^src\/(?!domain\/|shared\/|ui\/card\/)/,
    forbidPackages: /./,
  },
  {
    // No SDK type leaks past an adapter: composition wires adapters through their own types.
    name: 'only adapters import backend SDKs',
    from: /^src\/(?!adapters\/)/,
    forbidPackages: SDKS,
  },
  {
    name: 'only the composition root knows inversify',
    from: /^src\/(?!composition\/)/,
    forbidPackages: /^(inversify|reflect-metadata)(\/|$)/,
  },
];

const graph = buildGraph(path.resolve(__dirname, '../../..'));

describe('architecture', () => {
  it('reads the real source tree', () => {
    expect(graph.size).toBeGreaterThan(40);
    expect(graph.get('src/composition/container.ts')?.packages).toContain('inversify');
  });

  it('has no import pointing outward', () => {
    expect(violations(graph, RULES)).toEqual([]);
  });

  // A rule that the backends apply on their server side (the e-mail domain rule: the page never
  // decides verification) is the domain's too: it is reached from the adapter that applies it.
  it('keeps in src/domain only what is used: every file is reached from a use case, a port or an adapter', () => {
    const domain = [...graph.keys()].filter((f) => f.startsWith('src/domain/'));
    const roots = [...graph.keys()].filter((f) =>
      /^src\/(domain\/use-cases|ports|adapters)\//.test(f),
    );
    expect(roots.length).toBeGreaterThan(10);
    const reached = new Set(roots);
    for (const file of reached) {
      for (const target of graph.get(file)!.local) {
        if (target.startsWith('src/domain/')) reached.add(target);
      }
    }
    expect(domain.filter((f) => !reached.has(f))).toEqual([]);
  });

  it('starts the page in one room: only src/main.tsx and src/ui/boot/ render or hydrate a root', () => {
    const starters = [...graph]
      .filter(([, { packages }]) => packages.some((p) => /^react-dom\/(client|server)$/.test(p)))
      .map(([file]) => file)
      .sort();
    expect(starters).toContain('src/ui/boot/hydrate-islands.tsx');
    expect(starters.filter((f) => f !== 'src/main.tsx' && !f.startsWith('src/ui/boot/'))).toEqual(
      [],
    );
  });

  it('keeps the floors of src/ui in one direction: at most 4 imports run back up (issue 52)', () => {
    // Bottom to top: the kit a section uses, the components, a campus page's campus, the card's
    // model, the store, the room's own files (texts, toasts, routes), the waitlist card, the
    // landing, the other pages, and the starter on top (boot: the app, hydration, prerender, the
    // island lists).
    const floors = [
      ...['hooks', 'kit', 'components', 'campus', 'card', 'store', ''],
      ...['waitlist', 'landing'],
    ];
    const order = [...floors, 'privacy', 'leave', 'operator', 'boot'];
    const floorOf = (file: string): number | null => {
      if (!file.startsWith('src/ui/')) return null;
      const room = /^src\/ui\/([^/]+)\//.exec(file)?.[1] ?? '';
      const at = order.indexOf(room);
      expect(at, `${file} is in a room of the order`).toBeGreaterThanOrEqual(0);
      return at;
    };
    const up = [...graph].flatMap(([file, { local }]) => {
      const from = floorOf(file);
      if (from === null) return [];
      return local
        .filter((target) => {
          const to = floorOf(target);
          return to !== null && to > from;
        })
        .map((target) => `${file} -> ${target}`);
    });
    // Today: the toast mounts the toaster's root (boot) on first use, and the not-found page
    // (a root file) shows the landing's footer.
    expect(up.length, up.join('\n')).toBeLessThanOrEqual(4);
    // Boot is the top: nothing below imports it but the toast's lazy toaster.
    expect(up.filter((arrow) => / -> src\/ui\/boot\//.test(arrow))).toEqual([
      'src/ui/toast.ts -> src/ui/boot/toaster-root.tsx',
    ]);
  });

  it('has no adapter importing another adapter', () => {
    const adapterOf = (file: string) => /^src\/adapters\/([^/]+)\//.exec(file)?.[1];
    const crossings = [...graph].flatMap(([file, { local }]) =>
      local
        .filter((target) => adapterOf(file) && adapterOf(target))
        .filter((target) => adapterOf(target) !== adapterOf(file))
        .map((target) => `${file} -> ${target}`),
    );
    expect(graph.has('src/adapters/browser/local-record.adapter.ts')).toBe(true);
    expect(crossings).toEqual([]);
  });

  it('the store touches no storage: it reaches what the browser keeps through use cases', () => {
    const storeFiles = [...graph.keys()].filter((f) => f.startsWith('src/ui/store/'));
    expect(storeFiles.length).toBeGreaterThan(4);
    const touching = storeFiles.filter((f) =>
      /\b(localStorage|sessionStorage|indexedDB|document\.cookie)\b/.test(
        fs.readFileSync(path.resolve(__dirname, '../../..', f), 'utf8'),
      ),
    );
    expect(touching).toEqual([]);
  });

  it('keeps the slices apart: no slice imports another or reads the store to call one', () => {
    const slices = [...graph.keys()].filter((f) => /^src\/ui\/store\/.*\.slice\.ts$/.test(f));
    expect(slices.length).toBeGreaterThan(5);
    const crossings = slices.flatMap((file) => [
      ...graph
        .get(file)!
        .local.filter((target) => target.endsWith('.slice.ts'))
        .map((target) => `${file} imports ${target}`),
      ...(/\bget\(\)\./.test(fs.readFileSync(path.resolve(__dirname, '../../..', file), 'utf8'))
        ? [`${file} calls get().`]
        : []),
    ]);
    expect(crossings).toEqual([]);
  });

  it('keeps the store small: no store file over about 80 lines', () => {
    const long = [...graph.keys()]
      .filter((f) => f.startsWith('src/ui/store/'))
      .map((f) => [
        f,
        fs.readFileSync(path.resolve(__dirname, '../../..', f), 'utf8').split('\n').length,
      ])
      .filter(([, lines]) => (lines as number) > 85);
    expect(long).toEqual([]);
  });

  it('keeps scripts/ in purpose folders, and no script or stand-in imports a test', () => {
    const root = path.resolve(__dirname, '../../..');
    const loose = fs
      .readdirSync(path.join(root, 'scripts'), { withFileTypes: true })
      .filter((entry) => !entry.isDirectory())
      .map((entry) => entry.name);
    expect(loose).toEqual([]);
    const walk = (dir: string): string[] =>
      fs
        .readdirSync(path.join(root, dir), { withFileTypes: true })
        .flatMap((entry) =>
          entry.isDirectory() ? walk(`${dir}/${entry.name}`) : [`${dir}/${entry.name}`],
        );
    const intoTests = [...walk('scripts'), ...walk('stand-ins')].filter((file) =>
      // An import (static, dynamic or require) of a path into tests/; naming a test file to run
      // (scripts/test/rules-mutations.mjs) is not one.
      /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s*)(['"`])(\.\.?\/)*tests\//m.test(
        fs.readFileSync(path.join(root, file), 'utf8'),
      ),
    );
    expect(intoTests).toEqual([]);
  });

  it('has no unresolved local import', () => {
    const unresolved = [...graph.values()]
      .flatMap((n) => n.local)
      .filter((t) => t.endsWith('?unresolved'));
    expect(unresolved).toEqual([]);
  });

  it('has no import cycle between files', () => {
    expect(findCycle(graph)).toBeNull();
  });

  // The checker itself must be able to fail.
  it('catches an outward import, an SDK in the domain and a cycle in a synthetic graph', () => {
    const bad: Graph = new Map([
      ['src/domain/a.ts', { local: ['src/adapters/memory/x.ts'], packages: ['firebase/auth'] }],
      ['src/ui/b.tsx', { local: ['src/ui/c.tsx'], packages: [] }],
      ['src/ui/c.tsx', { local: ['src/ui/b.tsx'], packages: ['inversify'] }],
    ]);
    expect(violations(bad, RULES)).toEqual([
      'domain and ports stay pure: src/domain/a.ts -> src/adapters/memory/x.ts',
      'domain and ports stay pure: src/domain/a.ts -> firebase/auth',
      'only adapters import backend SDKs: src/domain/a.ts -> firebase/auth',
      'ui reaches the domain through use cases, never adapters or the container: src/ui/c.tsx -> inversify',
      'only the composition root knows inversify: src/ui/c.tsx -> inversify',
    ]);
    expect(findCycle(bad)).toEqual(['src/ui/b.tsx', 'src/ui/c.tsx', 'src/ui/b.tsx']); // The server-only corner: the page may neither import the sender's adapters nor their packages.
    const leaky: Graph = new Map([
      [
        'src/ui/d.tsx',
        { local: ['src/adapters/smtp/smtp-transport.adapter.ts'], packages: ['pg'] },
      ],
      ['src/adapters/postgres/o.ts', { local: [], packages: ['pg'] }],
    ]);
    expect(violations(leaky, RULES).filter((v) => v.startsWith('only smtp/'))).toEqual([
      'only smtp/ and postgres/ import nodemailer and pg, and nothing of the page imports them: src/ui/d.tsx -> src/adapters/smtp/smtp-transport.adapter.ts',
      'only smtp/ and postgres/ import nodemailer and pg, and nothing of the page imports them: src/ui/d.tsx -> pg',
    ]);
  });

  it('resolves asset imports with or without a Vite query, and reports a missing asset', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'graph-'));
    fs.mkdirSync(path.join(root, 'src/art'), { recursive: true });
    fs.writeFileSync(path.join(root, 'src/art/here.webp'), '');
    fs.writeFileSync(
      path.join(root, 'src/a.ts'),
      `import a from './art/here.webp?no-inline';\nimport b from '@/art/here.webp';\n` +
        `import c from './art/gone.webp?no-inline';\n`,
    );
    expect(buildGraph(root).get('src/a.ts')).toEqual({
      local: ['src/art/gone.webp?unresolved'],
      packages: [],
    });
    fs.rmSync(root, { recursive: true });
  });

  it('parses static, type-only, side-effect and dynamic imports', () => {
    expect(
      importsOf(
        `import a from 'a';\nimport type { B } from "./b";\nimport './c.css';\nconst d = () => import('@/d');\nexport { e } from './e';`,
      ),
    ).toEqual(['a', './b', './c.css', '@/d', './e']);
  });
});
