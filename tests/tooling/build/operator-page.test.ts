import fs from 'node:fs';
import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGES, robotsTxt, sitemapXml } from '../../../scripts/build/site-files';
// @ts-expect-error: a plain JavaScript module of the deploy scripts, without type declarations
import { supabaseHostingHeaders } from '../../../scripts/deploy/supabase-headers.mjs';

/**
 * The operator console's page (issue 61): its own HTML entry, never indexed (its meta tag and,
 * where the hosting config sets headers, `X-Robots-Tag`), in no sitemap, linked from nowhere.
 */
const html = fs.readFileSync('operador.html', 'utf8');

describe('the operator console’s page', () => {
  it('is its own entry, noindex, and starts only the console', () => {
    expect(html).toMatch(/<meta name="robots" content="noindex, nofollow" \/>/);
    expect(html).toContain('<script type="module" src="/src/operator-main.tsx"></script>');
    expect(html).toContain('lang="es-MX"');
    expect(fs.readFileSync('index.html', 'utf8')).not.toContain('operator');
  });

  it('is in no sitemap, robots file or page of the site', () => {
    expect(PAGES.some((p) => p.includes('operador'))).toBe(false);
    expect(sitemapXml('https://deestudiantes.mx')).not.toContain('operador');
    expect(robotsTxt('https://deestudiantes.mx')).not.toContain('operador');
    const linking = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
        const file = path.join(dir, e.name);
        if (e.isDirectory())
          return file === path.join('src', 'ui', 'operator') ? [] : linking(file);
        return /(href=|['"])\/operador\b/.test(fs.readFileSync(file, 'utf8')) ? [file] : [];
      });
    expect(linking('src')).toEqual([]);
  });

  it('Supabase’s hosts send X-Robots-Tag: noindex with it', () => {
    const file: string = supabaseHostingHeaders('https://abc.supabase.co');
    expect(file).toMatch(/^\/operador\n {2}X-Robots-Tag: noindex, nofollow$/m);
    expect(file).toMatch(/^\/operador\.html\n {2}X-Robots-Tag: noindex, nofollow$/m);
  });

  it('Firebase Hosting serves it at /operador with X-Robots-Tag: noindex, and not the landing', async () => {
    // The Firebase CLI's own local server (superstatic) with firebase.json's hosting settings,
    // as tests/firebase/hosting.test.ts runs it, over a folder with the two pages.
    const require = createRequire(import.meta.url);
    const superstatic =
      require('../../../tools/firebase-cli/node_modules/superstatic/lib/server.js') as (
        options: Record<string, unknown>,
      ) => { listen(done: () => void): HttpServer };
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'operador-'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Inicio</title>');
    fs.writeFileSync(path.join(dir, 'operador.html'), html);
    const { hosting } = JSON.parse(fs.readFileSync('firebase.json', 'utf8')) as {
      hosting: Record<string, unknown>;
    };
    let server: HttpServer | undefined;
    await new Promise<void>((resolve) => {
      server = superstatic({
        config: { ...hosting, public: path.basename(dir), rewrites: [] },
        cwd: path.dirname(dir),
        stack: 'strict',
        port: 0,
        hostname: '127.0.0.1',
      }).listen(resolve);
    });
    try {
      const origin = `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
      const page = await fetch(`${origin}/operador`);
      expect(page.status).toBe(200);
      expect(page.headers.get('x-robots-tag')).toBe('noindex, nofollow');
      expect(await page.text()).toContain('operator-main');
      const landing = await fetch(`${origin}/`);
      expect(landing.status).toBe(200);
      expect(landing.headers.get('x-robots-tag')).toBeNull();
    } finally {
      await new Promise<void>((resolve) => server!.close(() => resolve()));
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
