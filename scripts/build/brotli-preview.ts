import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * `vite preview` compresses on the fly with gzip only; Firebase Hosting (and most hosts) send
 * pages to browsers that accept it in brotli. The size of the page's HTML on the wire decides
 * whether it arrives in the first round trip of a new connection (about 14 KB), so the preview,
 * which the Lighthouse figures of docs/performance.md are measured on, serves the prerendered
 * pages as the host does: brotli (quality 11) when the request accepts `br`, gzip otherwise.
 * Chromium sends `Accept-Encoding: gzip, deflate, br, zstd` to 127.0.0.1 over plain HTTP too.
 */
export function brotliPreview(): Plugin {
  const cache = new Map<string, { mtime: number; body: Buffer }>();
  return {
    name: 'brotli-preview',
    configurePreviewServer(server) {
      const outDir = path.resolve(server.config.root, server.config.build.outDir);
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
        if (!pathname.endsWith('.html')) return next();
        const file = path.join(outDir, pathname);
        if (!file.startsWith(outDir) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
          return next();
        }
        const mtime = fs.statSync(file).mtimeMs;
        let entry = cache.get(file);
        if (!entry || entry.mtime !== mtime) {
          const raw = fs.readFileSync(file);
          const body = zlib.brotliCompressSync(raw, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            },
          });
          entry = { mtime, body };
          cache.set(file, entry);
        }
        res.statusCode = 200;
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.setHeader('Content-Encoding', 'br');
        res.setHeader('Vary', 'Accept-Encoding');
        res.setHeader('Cache-Control', 'no-cache');
        res.setHeader('Content-Length', String(entry.body.length));
        res.end(req.method === 'HEAD' ? undefined : entry.body);
      });
    },
  };
}
