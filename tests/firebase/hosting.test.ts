import fs from 'node:fs';
import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Firebase Hosting as the deploy serves the build (issue 60): the Firebase CLI's own local server
 * (superstatic, what `firebase serve` and the Hosting emulator run) with firebase.json's hosting
 * settings, over the Firebase build that scripts/test/test-firebase.sh made (dist-firebase). The
 * campus pages, their posters and images arrive; an unknown campus is the 404 page, status 404;
 * the operator console (issue 61) is served at /operador with `X-Robots-Tag: noindex`.
 */
const require = createRequire(import.meta.url);
/** Its app: `listen` takes the port and host from the options (superstatic's own server.js). */
type Server = { listen(done: () => void): HttpServer };
const superstatic = require('../../tools/firebase-cli/node_modules/superstatic/lib/server.js') as (
  options: Record<string, unknown>,
) => Server;

const DIST = 'dist-firebase';
const built = fs.existsSync(`${DIST}/campus/udg-cucei.html`);
if (!built)
  console.warn(`*** SKIPPED: Firebase Hosting's tests need the Firebase build in ${DIST} ***`);

describe.skipIf(!built)('Firebase Hosting serves the campus pages (issue 60)', () => {
  let server: HttpServer;
  let origin = '';
  beforeAll(async () => {
    const { hosting } = JSON.parse(fs.readFileSync('firebase.json', 'utf8')) as {
      hosting: Record<string, unknown>;
    };
    // The functions' rewrites need the Functions emulator's proxy: not what is tested here.
    const config = { ...hosting, public: DIST, rewrites: [] };
    await new Promise<void>((resolve) => {
      server = superstatic({
        config,
        cwd: process.cwd(),
        stack: 'strict',
        port: 0,
        hostname: '127.0.0.1',
      }).listen(resolve);
    });
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('a campus page, its poster and its image arrive with status 200', async () => {
    const page = await fetch(`${origin}/campus/udg-cucei`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('data-route="campus"');
    expect(html).toContain('El marketplace de estudiantes de');
    const poster = await fetch(`${origin}/campus/udg-cucei/cartel`);
    expect(poster.status).toBe(200);
    expect(await poster.text()).toContain('UDG - CUCEI');
    const image = await fetch(`${origin}/og/campus/udg-cucei.png`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    // The sitemap lists the campus pages.
    expect(await (await fetch(`${origin}/sitemap.xml`)).text()).toContain(
      '/campus/udg-cucei</loc>',
    );
  });

  it('an unknown campus, or a path under one, answers the 404 page with status 404', async () => {
    for (const path of ['/campus/no-existe', '/campus/udg-cucei/otra', '/campus/UDG-CUCEI']) {
      const response = await fetch(`${origin}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toContain('data-route="not-found"');
    }
  });

  it('serves the operator console at /operador with X-Robots-Tag: noindex, and the landing without it (issue 61)', async () => {
    for (const path of ['/operador', '/operador.html']) {
      const page = await fetch(`${origin}${path}`);
      expect(page.status, path).toBe(200);
      expect(page.headers.get('x-robots-tag'), path).toBe('noindex, nofollow');
      expect(await page.text(), path).toContain(
        '<meta name="robots" content="noindex, nofollow" />',
      );
    }
    const landing = await fetch(`${origin}/`);
    expect(landing.status).toBe(200);
    expect(landing.headers.get('x-robots-tag')).toBeNull();
  });
});
