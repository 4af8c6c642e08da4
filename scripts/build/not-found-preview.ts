import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * `vite preview` answers every unknown path with index.html (the landing page, status 200). Like
 * Firebase Hosting, it serves the prerendered 404.html with status 404 instead, so that the
 * not-found page is what arrives, for visitors and for search engines.
 */
export function notFoundPreview(): Plugin {
  return {
    name: 'not-found-preview',
    configurePreviewServer(server) {
      const outDir = path.resolve(server.config.root, server.config.build.outDir);
      server.middlewares.use((req, res, next) => {
        if (req.method !== 'GET' && req.method !== 'HEAD') return next();
        let pathname: string;
        try {
          pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
        } catch {
          return next();
        }
        if (pathname === '/' || pathname === '/index.html') return next();
        const file = path.join(outDir, pathname);
        if (file.startsWith(outDir) && fs.existsSync(file) && fs.statSync(file).isFile()) {
          return next();
        }
        const notFound = path.join(outDir, '404.html');
        if (!fs.existsSync(notFound)) return next();
        res.statusCode = 404;
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.end(req.method === 'HEAD' ? undefined : fs.readFileSync(notFound));
      });
    },
  };
}
