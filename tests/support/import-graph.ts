import fs from 'node:fs';
import path from 'node:path';

/** File-level import graph of src/: every static, type-only and dynamic import. */
export type Graph = Map<string, { local: string[]; packages: string[] }>;

const IMPORT_RE =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;])import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm;

export function importsOf(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  return [...code.matchAll(IMPORT_RE)].map((m) => (m[1] ?? m[2] ?? m[3])!);
}

const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

export function buildGraph(root: string): Graph {
  const src = path.join(root, 'src');
  const files = (fs.readdirSync(src, { recursive: true }) as string[])
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => path.join('src', f).split(path.sep).join('/'));
  const graph: Graph = new Map();
  for (const file of files) {
    const local: string[] = [];
    const packages: string[] = [];
    for (const spec of importsOf(fs.readFileSync(path.join(root, file), 'utf8'))) {
      // A Vite query (`?no-inline`, `?url`) names how an asset is loaded, not another file.
      const target = spec.replace(/\?.*$/, '');
      const base = target.startsWith('@/')
        ? path.join('src', target.slice(2))
        : target.startsWith('.')
          ? path.join(path.dirname(file), target)
          : null;
      if (/\.(css|svg|png|webp|avif|json)$/.test(target)) {
        // An asset is no node of the graph, but it must exist.
        if (base !== null && !fs.existsSync(path.join(root, base)))
          local.push(`${base}?unresolved`);
        continue;
      }
      if (base === null) {
        packages.push(spec);
        continue;
      }
      const hit = EXTENSIONS.map((e) => (base + e).split(path.sep).join('/')).find((p) =>
        files.includes(p),
      );
      local.push(hit ?? `${base}?unresolved`);
    }
    graph.set(file, { local, packages });
  }
  return graph;
}

/** One import cycle, as a list of files, or null. */
export function findCycle(graph: Graph): string[] | null {
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string): string[] | null => {
    if (state.get(file) === 'done') return null;
    if (state.get(file) === 'visiting') return [...stack.slice(stack.indexOf(file)), file];
    state.set(file, 'visiting');
    stack.push(file);
    for (const next of graph.get(file)?.local ?? []) {
      if (!graph.has(next)) continue;
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(file, 'done');
    return null;
  };
  for (const file of graph.keys()) {
    const cycle = visit(file);
    if (cycle) return cycle;
  }
  return null;
}

export interface Rule {
  readonly name: string;
  readonly from: RegExp;
  readonly forbidLocal?: RegExp;
  readonly forbidPackages?: RegExp;
}

export function violations(graph: Graph, rules: readonly Rule[]): string[] {
  const found: string[] = [];
  for (const [file, { local, packages }] of graph) {
    for (const rule of rules) {
      if (!rule.from.test(file)) continue;
      for (const target of local) {
        if (rule.forbidLocal?.test(target)) found.push(`${rule.name}: ${file} -> ${target}`);
      }
      for (const pkg of packages) {
        if (rule.forbidPackages?.test(pkg)) found.push(`${rule.name}: ${file} -> ${pkg}`);
      }
    }
  }
  return found;
}
