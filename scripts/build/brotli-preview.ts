import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/** The text files the host compresses, and the type each is served with. */
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.webmanifest': 'application/manifest+json',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
};

interface Compressed {
  readonly mtime: number;
  readonly etag: string;
  readonly body: Buffer;
}

const compress = (file: string, mtime: number): Compressed => {
  const raw = fs.readFileSync(file);
  const body = zlib.brotliCompressSync(raw, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  });
  return { mtime, etag: `W/"br-${raw.length}-${Math.round(mtime)}"`, body };
};

/**
 * `vite preview` compresses on the fly with gzip only; Firebase Hosting (and most hosts) send
 * text to browsers that accept it in brotli, from their cache. The size of the page's HTML on the
 * wire decides whether it arrives in the first round trip of a new connection (about 14 KB), so
 * the preview, which the Lighthouse figures (docs/performance-history.md) were measured on,
 * serves the built text files (pages, scripts, stylesheets, SVG icons, manifest) as the host
 * does: brotli (quality 11) when the request accepts `br`, gzip (Vite's own) otherwise; a clean
 * address is its .html file. They are
 * compressed once, when the preview starts, and again only when a file changes: Vite's gzip cost
 * the server about 8 ms of CPU for each request of the entry script, taken from the same two
 * cores the measured browser runs on, in the middle of its start-up (issue 15). Chromium sends
 * `Accept-Encoding: gzip, deflate, br, zstd` to 127.0.0.1 over plain HTTP too.
 */
export function brotliPreview(): Plugin {
  const cache = new Map<string, Compressed>();
  const compressed = (file: string) => {
    const mtime = fs.statSync(file).mtimeMs;
    let entry = cache.get(file);
    if (!entry || entry.mtime !== mtime) {
      entry = compress(file, mtime);
      cache.set(file, entry);
    }
    return entry;
  };
  return {
    name: 'brotli-preview',
    configurePreviewServer(server) {
      const outDir = path.resolve(server.config.root, server.config.build.outDir);
      if (fs.existsSync(outDir)) {
        for (const name of fs.readdirSync(outDir, { recursive: true, encoding: 'utf8' })) {
          if (!TYPES[path.extname(name)]) continue;
          try {
            compressed(path.join(outDir, name));
          } catch {
            // Unreadable (a broken link): a request for it goes to Vite, which answers 404.
          }
        }
      }
      server.middlewares.use((req, res, next) => {
        if (req.method !== 'GET' && req.method !== 'HEAD') return next();
        if (!/\bbr\b/.test(String(req.headers['accept-encoding'] ?? ''))) return next();
        let pathname: string;
        try {
          pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
        } catch {
          return next();
        }
        if (pathname === '/') pathname = '/index.html';
        // A clean address (`/campus/udg-cucei`, `/aviso-de-privacidad`) is its .html file, as
        // the hosts serve it (Firebase's cleanUrls) and not-found-preview.ts does uncompressed.
        const clean = `${pathname.replace(/\/+$/, '')}.html`;
        if (!path.extname(pathname) && fs.existsSync(path.join(outDir, clean))) pathname = clean;
        const type = TYPES[path.extname(pathname)];
        if (!type) return next();
        const file = path.join(outDir, pathname);
        if (
          !file.startsWith(outDir + path.sep) ||
          !fs.existsSync(file) ||
          !fs.statSync(file).isFile()
        ) {
          return next();
        }
        const entry = compressed(file);
        res.setHeader('Vary', 'Accept-Encoding');
        res.setHeader('Cache-Control', 'no-cache');
        res.setHeader('ETag', entry.etag);
        if (req.headers['if-none-match'] === entry.etag) {
          res.statusCode = 304;
          res.end();
          return;
        }
        res.statusCode = 200;
        res.setHeader('Content-Type', type);
        res.setHeader('Content-Encoding', 'br');
        res.setHeader('Content-Length', String(entry.body.length));
        res.end(req.method === 'HEAD' ? undefined : entry.body);
      });
    },
  };
}
