// Prerenders the landing page into dist/index.html and the not-found page into dist/404.html,
// using the SSR build of src/ui/prerender.tsx (dist-ssr/). React hydrates both in the browser.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { deferOffscreenCss } from './critical-css.mjs';
import { LOADER } from './loader.mjs';

const dist = path.resolve(process.env.DIST_DIR ?? 'dist');
const original = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const ssrEntry = path.resolve('dist-ssr/prerender.js');
const { render, renderPhoneArt } = await import(pathToFileURL(ssrEntry).href);
// The stylesheet (about 10 KB gzip) is inlined: the first paint then waits for no other request.
const template = fs
  .readFileSync(path.join(dist, 'index.html'), 'utf8')
  .replace(/\s*(<script type="module"[^>]*><\/script>)/, '')
  .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
  .replace('</body>', () => {
    const entry = /(<script type="module"[^>]*><\/script>)/.exec(original)[1];
    const preloads = (original.match(/<link rel="modulepreload"[^>]*>/g) ?? []).join('');
    return `  <template id="app-entry">${entry}${preloads}</template>\n    ${LOADER}\n  </body>`;
  })
  .replace(/<link rel="stylesheet"[^>]*href="([^"]+\.css)"[^>]*>/, (_, href) => {
    const css = fs.readFileSync(path.join(dist, href.replace(/^\//, '')), 'utf8');
    return `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
  });

function page(route) {
  const { html, head, siteUrl } = render(route);
  if (!template.includes('<!--app-html-->')) throw new Error('index.html lacks <!--app-html-->');
  let out = template
    .replace(
      '<div id="root"><!--app-html--></div>',
      `<div id="root" data-route="${route}">${html}</div>`,
    )
    .replace('<!--head-extra-->', head)
    // Open Graph wants an absolute image address: the site's, when VITE_SITE_URL is set.
    .replace('content="/og-image.png"', `content="${siteUrl}/og-image.png"`);
  if (route === 'not-found') {
    out = out
      .replace(
        /<title>[^<]*<\/title>/,
        '<title>Página no encontrada | De estudiantes a estudiantes</title>',
      )
      .replace(
        '<meta name="viewport"',
        '<meta name="robots" content="noindex" />\n    <meta name="viewport"',
      );
  }
  return out;
}

// Issue 15: the landing page inlines only its first screens' CSS, and fetches the phones' drawing.
const cssHref = /<link rel="stylesheet"[^>]*href="([^"]+\.css)"/.exec(original)?.[1];
fs.writeFileSync(path.join(dist, 'index.html'), deferOffscreenCss(page('home'), cssHref));
fs.writeFileSync(path.join(dist, 'phones.html'), renderPhoneArt());
fs.writeFileSync(path.join(dist, '404.html'), page('not-found'));
fs.rmSync(path.resolve('dist-ssr'), { recursive: true, force: true });
console.log(`prerendered ${path.relative('.', dist)}/index.html and 404.html`);
