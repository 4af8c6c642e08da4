import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * `vite preview` answers every unknown path with index.html (the landing page, status 200). Like
 * Firebase Hosting, it serves the prerendered 404.html with status 404 instead, so that the
 * not-found page is what arrives, for visitors and for search engines. Like Firebase's
 * `cleanUrls` (and Netlify and Cloudflare Pages), a path without extension is served from its
 * `.html` file when one exists: /aviso-de-privacidad is aviso-de-privacidad.html.
 */
export function notFoundPreview(): Plugin {
  return {
    name: 'not-found-preview',
    configurePreviewServer(server) {
      const outDir = path.resolve(server.config.root, server.config.build.outDir);
      const isFile = (file: string) =>
        file.startsWith(outDir) && fs.existsSync(file) && fs.statSync(file).isFile();
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
        if (isFile(file)) return next();
        const clean = `${file.replace(/[/\\]+$/, '')}.html`;
        if (!path.extname(pathname) && isFile(clean)) {
          res.statusCode = 200;
          res.setHeader('Content-Type', 'text/html; charset=utf-8');
          res.setHeader('Cache-Control', 'no-cache');
          res.end(req.method === 'HEAD' ? undefined : fs.readFileSync(clean));
          return;
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
