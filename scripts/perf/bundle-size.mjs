#!/usr/bin/env node
// bundle-size.mjs DIST_DIR [--table]
// Compressed size of a built Vite (or similar) dist/ folder. Node built-ins only.
//   firstLoad: JS/CSS that index.html references directly (<script src>, <link rel=modulepreload|stylesheet>),
//              plus JS they import statically (transitively). Dynamic import() chunks are lazy and excluded.
//   total:     every .js/.mjs/.css file under DIST_DIR (source maps excluded).
// Sizes in bytes: raw, gz (gzip level 9), br (brotli quality 11), i.e. static pre-compression at max level.
// Prints one line of JSON; --table also prints a per-file table to stderr.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const args = process.argv.slice(2);
const dist = args.find((a) => !a.startsWith('--'));
if (!dist || !fs.existsSync(path.join(dist, 'index.html'))) {
  console.error('usage: bundle-size.mjs DIST_DIR [--table]   (DIST_DIR must contain index.html)');
  process.exit(2);
}
const root = path.resolve(dist);

function walk(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? walk(p) : [p];
  });
}

const cache = new Map();
function sizes(file) {
  if (!cache.has(file)) {
    const buf = fs.readFileSync(file);
    cache.set(file, {
      raw: buf.length,
      gz: zlib.gzipSync(buf, { level: 9 }).length,
      br: zlib.brotliCompressSync(buf, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buf.length,
        },
      }).length,
    });
  }
  return cache.get(file);
}

function sum(files) {
  const t = { files: files.length, raw: 0, gz: 0, br: 0 };
  for (const f of files) {
    const s = sizes(f);
    t.raw += s.raw;
    t.gz += s.gz;
    t.br += s.br;
  }
  return t;
}

// Map a URL found in index.html to a file under dist (tolerates a Vite `base` prefix).
function resolveUrl(url) {
  if (/^(https?:)?\/\//i.test(url) || url.startsWith('data:')) return null; // third-party / inline
  const clean = url.split(/[?#]/)[0].replace(/^\.?\//, '');
  const parts = clean.split('/');
  for (let i = 0; i < parts.length; i++) {
    const p = path.join(root, ...parts.slice(i));
    if (fs.existsSync(p) && fs.statSync(p).isFile()) return p;
  }
  return null;
}

const html = fs.readFileSync(path.join(root, 'index.html'), 'utf8');
const attr = (tag, name) =>
  (tag.match(new RegExp(`\\s${name}\\s*=\\s*["']([^"']+)["']`, 'i')) || [])[1];
const entryJs = new Set();
const entryCss = new Set();
const external = [];
for (const tag of html.match(/<script\b[^>]*>/gi) || []) {
  const src = attr(tag, 'src');
  if (!src) continue;
  const f = resolveUrl(src);
  f ? entryJs.add(f) : external.push(src);
}
for (const tag of html.match(/<link\b[^>]*>/gi) || []) {
  const rel = (attr(tag, 'rel') || '').toLowerCase();
  const href = attr(tag, 'href');
  if (!href) continue;
  if (rel === 'modulepreload' || (rel === 'preload' && /\.m?js$/.test(href))) {
    const f = resolveUrl(href);
    f ? entryJs.add(f) : external.push(href);
  } else if (rel === 'stylesheet') {
    const f = resolveUrl(href);
    f ? entryCss.add(f) : external.push(href);
  }
}

// Follow static imports (import x from "./a.js", import"./b.js", export * from "./c.js"); not import("...").
const staticImport =
  /(?:^|[;\n}\s])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+\.m?js)["']/g;
const queue = [...entryJs];
while (queue.length) {
  const file = queue.shift();
  const code = fs.readFileSync(file, 'utf8');
  for (const m of code.matchAll(staticImport)) {
    const spec = m[1];
    const target = spec.startsWith('.') ? path.resolve(path.dirname(file), spec) : resolveUrl(spec);
    if (target && fs.existsSync(target) && !entryJs.has(target)) {
      entryJs.add(target);
      queue.push(target);
    }
  }
}

const all = walk(root).filter((f) => !f.endsWith('.map'));
const allJs = all.filter((f) => /\.m?js$/.test(f));
const allCss = all.filter((f) => f.endsWith('.css'));

const out = {
  dist: path.relative(process.cwd(), root) || '.',
  firstLoad: { js: sum([...entryJs]), css: sum([...entryCss]) },
  total: { js: sum(allJs), css: sum(allCss) },
  lazyJsFiles: allJs.length - entryJs.size,
  externalRefs: external,
};
console.log(JSON.stringify(out));

if (args.includes('--table')) {
  const rows = [...allJs, ...allCss].map((f) => ({
    f,
    ...sizes(f),
    first: entryJs.has(f) || entryCss.has(f),
  }));
  rows.sort((a, b) => b.gz - a.gz);
  for (const r of rows) {
    console.error(
      `${r.first ? 'first' : 'lazy '} ${String(r.raw).padStart(9)} raw ${String(r.gz).padStart(8)} gz ${String(r.br).padStart(8)} br  ${path.relative(root, r.f)}`,
    );
  }
}
