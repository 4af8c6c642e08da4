import { COLLEGE_CATALOGUE } from '../../../src/data/college-catalogue';
import { expect, test } from './fixtures';

/** The files phones and crawlers ask for, served by the production build with the right types. */
test.describe('files for phones and crawlers', () => {
  for (const [path, type] of [
    ['/apple-touch-icon.png', /^image\/png/],
    ['/icon-192.png', /^image\/png/],
    ['/icon-512.png', /^image\/png/],
    ['/favicon.png', /^image\/png/],
    ['/favicon.svg', /^image\/svg\+xml/],
    ['/manifest.webmanifest', /^application\/manifest\+json/],
    ['/robots.txt', /^text\/plain/],
  ] as const) {
    test(`${path} is served as ${type.source.slice(1).replace(/\\/g, '')}`, async ({ request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toMatch(type);
    });
  }

  test('the page links the touch icon and the manifest, and the manifest’s icons load', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
      'href',
      '/apple-touch-icon.png',
    );
    // The manifest is linked by the app once it runs (src/main.tsx), not by the HTML.
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
      'href',
      '/manifest.webmanifest',
    );
    const manifest = (await (await request.get('/manifest.webmanifest')).json()) as {
      lang: string;
      name: string;
      icons: { src: string }[];
    };
    expect(manifest).toMatchObject({ lang: 'es-MX', name: 'De estudiantes a estudiantes' });
    for (const icon of manifest.icons) expect((await request.get(icon.src)).status()).toBe(200);
    // PNGs only: Chromium decodes an SVG icon on the page's main thread (make-icons.mjs).
    expect(manifest.icons.filter((icon) => !icon.src.endsWith('.png'))).toEqual([]);
  });

  test('robots.txt names the sitemap when the build knows its address, and the sitemap lists /, the privacy notice and the campus pages', async ({
    request,
  }) => {
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain('User-agent: *');
    const sitemapLine = /^Sitemap: (https?:\/\/[^/\s]+)\/sitemap\.xml$/m.exec(robots);
    const sitemap = await request.get('/sitemap.xml');
    if (!sitemapLine) {
      // A build without VITE_SITE_URL (a memory build) has no absolute addresses, so no sitemap.
      expect(sitemap.status()).toBe(404);
      return;
    }
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()['content-type']).toMatch(/^(application|text)\/xml/);
    const locs = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      `${sitemapLine[1]}/`,
      `${sitemapLine[1]}/aviso-de-privacidad`,
      ...COLLEGE_CATALOGUE.map(({ id }) => `${sitemapLine[1]}/campus/${id}`),
    ]);
    // Every address it lists is a page (status 200), on this server.
    for (const loc of locs.slice(0, 4)) {
      expect((await request.get(new URL(loc!).pathname)).status(), loc).toBe(200);
    }
  });
});
