import type { Plugin } from 'vite';
import { backendOf } from '../../src/composition/backends.ts';
import { envFileOf } from '../../src/composition/config-error.ts';
import { CAMPUS_PAGE_IDS } from '../../src/data/campus-pages.ts';
import { campusPagePath } from '../../src/domain/campus-page.ts';
import {
  PRIVACY_NOTICE_PATH,
  privacyNoticeProblem,
} from '../../src/ui/privacy/privacy-notice-settings.ts';

export { envFileOf };

/**
 * A production build (`vite build`) of a real backend refuses to start half-configured, and every
 * build writes the files that phones and crawlers ask for: robots.txt, sitemap.xml (only the pages
 * that exist) and the web app manifest. The icons are static files in public/
 * (scripts/build/make-icons.mjs draws them from public/favicon.svg).
 */

/**
 * Pages that exist, for the sitemap: the landing page, the privacy notice and each catalogue
 * campus's page (issue 60; their posters are for printing, not for search).
 */
export const PAGES: readonly string[] = [
  '/',
  PRIVACY_NOTICE_PATH,
  ...[...CAMPUS_PAGE_IDS].map(campusPagePath),
];

/**
 * Variables a production build of a real backend must have, beyond the backend's own: without
 * `VITE_SITE_URL` the Open Graph image and the canonical link are relative, and link previews
 * (WhatsApp, Facebook) show no image. The privacy notice's settings (PRIVACY_ENV) are checked
 * apart (privacyNoticeProblem): the emulator and stand-in builds may show placeholders.
 */
export const PRODUCTION_SITE_ENV = ['VITE_SITE_URL'] as const;

type Env = Readonly<Record<string, string | undefined>>;

/**
 * The problem with a build's settings, for the developer, or null when it may go on. The memory
 * backend builds with nothing set; firebase and supabase builds need PRODUCTION_SITE_ENV, and
 * `VITE_SITE_URL` must be an absolute http(s) address; on their real services (not the emulators
 * or a local stand-in) they need the privacy notice's settings too.
 */
export function siteConfigProblem(backend: string, env: Env, mode = 'production'): string | null {
  if (backend === 'memory') return null;
  const file = envFileOf(mode);
  const missing = PRODUCTION_SITE_ENV.filter((name) => !env[name]?.trim());
  if (missing.length) {
    return (
      `A ${backend} production build needs ${missing.join(', ')}: set ${missing.length > 1 ? 'them' : 'it'} ` +
      `in ${file} (see .env.example), e.g. VITE_SITE_URL=https://your-domain.mx. Without it the ` +
      'Open Graph image and the canonical link are relative and link previews break. ' +
      'A build of the in-memory backend (VITE_BACKEND=memory) needs none.'
    );
  }
  const url = siteUrl(env);
  if (!/^https?:\/\/[^/\s]+$/.test(url)) {
    return `VITE_SITE_URL must be an absolute address such as https://your-domain.mx (in ${file}); got "${env.VITE_SITE_URL}".`;
  }
  return privacyNoticeProblem(backend, env, file);
}

/** `VITE_SITE_URL` without trailing slashes; empty when unset. */
export const siteUrl = (env: Env) => (env.VITE_SITE_URL ?? '').trim().replace(/\/+$/, '');

export function robotsTxt(site: string): string {
  return `User-agent: *\nAllow: /\n${site ? `\nSitemap: ${site}/sitemap.xml\n` : ''}`;
}

export function sitemapXml(site: string): string {
  const urls = PAGES.map((p) => `  <url><loc>${site}${p}</loc></url>`).join('\n');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`
  );
}

export const MANIFEST = {
  name: 'De estudiantes a estudiantes',
  short_name: 'De estudiantes',
  description:
    'Un marketplace para estudiantes universitarios. Únete a la lista de espera de tu campus.',
  lang: 'es-MX',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  background_color: '#ffffff',
  theme_color: '#4f46e5',
  // PNGs only: Chromium also takes the tab's icon from the manifest once it is linked, and an SVG
  // icon is decoded on the page's main thread as a document of its own (scripts/build/make-icons.mjs).
  icons: [
    { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
    { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
    { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
} as const;

export function siteFiles(): Plugin {
  let env: Env = {};
  let ssr = false;
  return {
    name: 'site-files',
    apply: 'build',
    configResolved(config) {
      ssr = !!config.build.ssr;
      env = { ...config.env, ...process.env } as Env;
      const backend = backendOf(env.VITE_BACKEND) ?? 'memory';
      const problem = siteConfigProblem(backend, env, config.mode);
      if (problem) throw new Error(problem);
    },
    generateBundle() {
      if (ssr) return;
      const site = siteUrl(env);
      this.emitFile({ type: 'asset', fileName: 'robots.txt', source: robotsTxt(site) });
      // A sitemap lists absolute addresses: a build without VITE_SITE_URL (memory) has none.
      if (site) this.emitFile({ type: 'asset', fileName: 'sitemap.xml', source: sitemapXml(site) });
      this.emitFile({
        type: 'asset',
        fileName: 'manifest.webmanifest',
        source: `${JSON.stringify(MANIFEST, null, 2)}\n`,
      });
    },
  };
}
