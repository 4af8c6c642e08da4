import fs from 'node:fs';
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
  // Firebase Hosting's header for it is tested against the Firebase build, with the Firebase CLI's
  // server, in tests/firebase/hosting.test.ts (the CLI is installed by scripts/test/test-firebase.sh).
});
