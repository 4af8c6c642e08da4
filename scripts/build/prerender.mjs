// Prerenders the landing page into dist/index.html, the not-found page into dist/404.html, the
// e-mails' leave link into dist/salir.html and the privacy notice into dist/aviso-de-privacidad.html,
// using the SSR build of src/ui/boot/prerender.tsx (dist-ssr/). React hydrates the first two in the
// browser and renders over the third; the notice is plain HTML without any script (no loader, no
// entry): it needs no JavaScript, and no CSP hash of its own.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { deferOffscreenCss } from './critical-css.mjs';
import { LOADER, SECTION_STYLES } from './loader.mjs';
import { campusArt, escapeHtml, writeCampusFiles } from './campus-files.mjs';
import { PHONE_FONT_FAMILY, phoneFont } from './phone-font.mjs';

const dist = path.resolve(process.env.DIST_DIR ?? 'dist');
const original = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const ssrEntry = path.resolve('dist-ssr/prerender.js');
const {
  render,
  renderPhoneArt,
  PHONE_ART_PATH,
  PHONE_ART_SEPARATOR,
  PRIVACY_NOTICE_FILE,
  campusPageMeta,
  catalogueCampuses,
  encodePageCampus,
  SITE_URL,
} = await import(pathToFileURL(ssrEntry).href);
// The loader splits phones.html where the drawing's parts meet: both must name the same mark. It
// gives the drawing's font the family the drawing's CSS names (phone-font.mjs).
if (!LOADER.includes(`split('${PHONE_ART_SEPARATOR}')`)) {
  throw new Error(`loader.mjs does not split the phones' drawing on ${PHONE_ART_SEPARATOR}`);
}
if (!LOADER.includes(`new F('${PHONE_FONT_FAMILY}'`)) {
  throw new Error(`loader.mjs does not name the phones' font ${PHONE_FONT_FAMILY}`);
}
// The stylesheet (about 10 KB gzip) is inlined: the first paint then waits for no other request.
let viteCss;
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
    viteCss = path.join(dist, href.replace(/^\//, ''));
    const css = fs.readFileSync(viteCss, 'utf8');
    return `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
  });

const PRIVACY_TITLE = 'Aviso de privacidad | De estudiantes a estudiantes';
const PRIVACY_DESCRIPTION =
  'Qué datos guardamos cuando te unes a la lista de espera, para qué los usamos, quién los trata ' +
  'por nosotros y cómo ejercer tus derechos ARCO o retirar tu consentimiento.';

const LEAVE_TITLE = 'Salir de la lista de espera | De estudiantes a estudiantes';

function page(route, campus = null) {
  const { html, head, siteUrl } = render(route, campus);
  if (!template.includes('<!--app-html-->')) throw new Error('index.html lacks <!--app-html-->');
  // A campus page names its campus for the browser's store (src/ui/boot/start-page.tsx).
  const named = campus ? ` data-campus="${escapeHtml(encodePageCampus(campus))}"` : '';
  let out = template
    .replace(
      '<div id="root"><!--app-html--></div>',
      `<div id="root" data-route="${route}"${named}>${html}</div>`,
    )
    .replace('<!--head-extra-->', head)
    // Open Graph wants an absolute image address: the site's, when VITE_SITE_URL is set. A JPEG
    // under 300 KB (WhatsApp's link preview drops larger images; tests/tooling/build/og-image.test.ts).
    .replace('content="/og-image.jpg"', `content="${siteUrl}/og-image.jpg"`);
  if (route === 'privacy') {
    out = out
      .replace(/\s*<template id="app-entry">[\s\S]*?<\/template>/, '')
      .replace(LOADER, '')
      .replace(/<title>[^<]*<\/title>/, `<title>${PRIVACY_TITLE}</title>`)
      .replace(/(<meta\s+name="description"\s+content=")[^"]*"/, `$1${PRIVACY_DESCRIPTION}"`)
      .replace(/(<meta property="og:title" content=")[^"]*"/, `$1${PRIVACY_TITLE}"`)
      .replace(
        /(<meta\s+property="og:description"\s+content=")[^"]*"/,
        `$1${PRIVACY_DESCRIPTION}"`,
      );
    if (/<script/i.test(out)) throw new Error('the privacy notice must carry no script');
  }
  if (campus) out = describeCampusPage(out, campusPageMeta(campus, siteUrl));
  if (route === 'leave') {
    out = out
      .replace(/<title>[^<]*<\/title>/, `<title>${LEAVE_TITLE}</title>`)
      .replace(
        '<meta name="viewport"',
        '<meta name="robots" content="noindex" />\n    <meta name="viewport"',
      );
  }
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

/**
 * A campus page's own title, description and link preview (issue 60): every value comes from the
 * catalogue; each replacement must find its tag.
 */
function describeCampusPage(html, meta) {
  const replacements = [
    [/<title>[^<]*<\/title>/, `<title>${escapeHtml(meta.title)}</title>`],
    [/(<meta\s+name="description"\s+content=")[^"]*"/, `$1${escapeHtml(meta.description)}"`],
    [/(<meta property="og:title" content=")[^"]*"/, `$1${escapeHtml(meta.title)}"`],
    [/(<meta\s+property="og:description"\s+content=")[^"]*"/, `$1${escapeHtml(meta.description)}"`],
    [/(<meta property="og:image" content=")[^"]*"/, `$1${escapeHtml(meta.imageUrl)}"`],
    [/(<meta property="og:image:type" content=")[^"]*"/, '$1image/png"'],
    [/(<meta\s+property="og:image:alt"\s+content=")[^"]*"/, `$1${escapeHtml(meta.imageAlt)}"`],
  ];
  return replacements.reduce((out, [pattern, value]) => {
    if (!pattern.test(out)) throw new Error(`index.html lacks ${pattern}`);
    return out.replace(pattern, value);
  }, html);
}

/**
 * The landing page's icon is requested after the first paint: the page names an empty icon
 * (which also keeps the browser from asking for /favicon.ico) and the loader points it at the
 * real one (`data-href`) once the page has painted. Requested with the page, the icon finished
 * before the first paint and Lighthouse counted its connection in the largest paint. Without
 * JavaScript the landing page's tab shows no icon (Chromium reads icons only from <head>'s own
 * links, never from a <noscript>); the other pages name theirs as usual.
 */
function deferIcon(html) {
  const icon = /<link rel="icon" href="([^"]+)"([^>]*)>/.exec(html);
  if (!icon) throw new Error('index.html lacks <link rel="icon" href=…>');
  return html.replace(icon[0], `<link rel="icon" href="data:," data-href="${icon[1]}"${icon[2]}>`);
}

// Issue 15: the landing page inlines only its first screens' CSS and links the rest of the
// stylesheet, named by its content like Vite's assets; it fetches the phones' drawing.
const saveOffscreenCss = (css) => {
  const hash = crypto.createHash('sha256').update(css).digest('base64url').slice(0, 8);
  const file = `assets/offscreen-${hash}.css`;
  fs.writeFileSync(path.join(dist, file), css);
  return `/${file}`;
};
/**
 * The phones' drawing's font (phone-font.mjs), named by its content: the figure names it
 * (`data-phones-font`) for the loader, which fetches it with the drawing.
 */
let phoneFontFile;
async function linkPhoneFont(html, phones) {
  // One font for every page that shows the drawing (the landing page, the campus pages).
  if (!phoneFontFile) {
    const font = await phoneFont(phones);
    const hash = crypto.createHash('sha256').update(font).digest('base64url').slice(0, 8);
    phoneFontFile = `assets/phone-art-${hash}.woff2`;
    fs.writeFileSync(path.join(dist, phoneFontFile), font);
  }
  const figure = `data-phones="${PHONE_ART_PATH}"`;
  if (!html.includes(figure)) throw new Error(`index.html lacks the figure's ${figure}`);
  return html.replace(figure, `${figure} data-phones-font="/${phoneFontFile}"`);
}
const phones = renderPhoneArt();
const notFound = page('not-found');
const privacy = page('privacy');
const leave = page('leave');
/**
 * The landing page and each campus page (the landing page about one campus, issue 60): their
 * first screens' CSS inline, the rest linked, the icon deferred, the phones' font named.
 */
const finishLanding = async (html) =>
  linkPhoneFont(
    deferIcon(
      deferOffscreenCss(html, saveOffscreenCss, [phones, notFound, privacy, leave]).replace(
        /<noscript id="offscreen-css">[\s\S]*?<\/noscript>/,
        (noscript) => noscript + SECTION_STYLES,
      ),
    ),
    phones,
  );
fs.writeFileSync(path.join(dist, 'index.html'), await finishLanding(page('home')));
// A page per catalogue campus (issue 60): campus/<id>.html, served at /campus/<id> (cleanUrls),
// with its link preview's image and its poster.
const campusStart = performance.now();
const campuses = catalogueCampuses();
fs.mkdirSync(path.join(dist, 'campus'), { recursive: true });
for (const campus of campuses) {
  const file = path.join(dist, `${campusPageMeta(campus, '').path.slice(1)}.html`);
  fs.writeFileSync(file, await finishLanding(page('campus', campus)));
}
const pagesMs = performance.now() - campusStart;
const art = await writeCampusFiles({
  dist,
  campuses: campuses.map(({ college, city, state }) =>
    campusArt({ ...college, city, state }, SITE_URL),
  ),
});
const artMs = performance.now() - campusStart - pagesMs;
fs.writeFileSync(path.join(dist, 'phones.html'), phones);
fs.writeFileSync(path.join(dist, '404.html'), notFound);
// PRIVACY_NOTICE_FILE (src/ui/privacy-notice-path.ts), which hosts serve at
// /aviso-de-privacidad (Firebase's cleanUrls, Netlify, Cloudflare Pages, `vite preview`).
fs.writeFileSync(path.join(dist, PRIVACY_NOTICE_FILE), privacy);
// The e-mails' leave link (issue 25): served at /salir the same way.
fs.writeFileSync(path.join(dist, 'salir.html'), leave);
// Every page inlines the stylesheet (the landing page only its first screens' part, the rest
// goes in offscreen-*.css): no page names Vite's own file any more, so it is not deployed.
if (viteCss) fs.rmSync(viteCss);
fs.rmSync(path.resolve('dist-ssr'), { recursive: true, force: true });
console.log(
  `prerendered ${path.relative('.', dist)}/index.html, phones.html, 404.html, salir.html, ` +
    `${PRIVACY_NOTICE_FILE} and ${campuses.length} campus pages with ${art.images} images ` +
    `(largest ${art.bytes.max} B) and ${art.posters} posters ` +
    `(pages ${(pagesMs / 1000).toFixed(1)} s, images and posters ${(artMs / 1000).toFixed(1)} s)`,
);
