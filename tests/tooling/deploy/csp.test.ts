import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: plain JavaScript modules of the build scripts, without type declarations
import * as cspModule from '../../../scripts/deploy/csp.mjs';
// @ts-expect-error: idem
import { LOADER } from '../../../scripts/build/loader.mjs';
import { PHOTO_HOSTS as FUNCTION_PHOTO_HOSTS } from '../../../functions/src/hero-images.logic';
import { GOOGLE_PHOTO_HOSTS } from '@/domain/hero-image';

// The hosting Content-Security-Policy is generated at deploy time (scripts/deploy/deploy.mjs) from the
// project's own settings and the built pages (scripts/deploy/csp.mjs): it names only our project's hosts.
interface CspSettings {
  projectId: string;
  authDomain: string;
  functionsRegion: string;
  algoliaAppId: string;
}
const {
  contentSecurityPolicy,
  cspSettingsFromEnv,
  inlineScriptHashes,
  PHOTO_HOSTS,
  reportingEndpoints,
} = cspModule as {
  contentSecurityPolicy: (
    s: CspSettings,
    o: { scriptHashes: string[]; report?: boolean },
  ) => string;
  cspSettingsFromEnv: (env: Record<string, string>) => CspSettings;
  inlineScriptHashes: (html: string) => string[];
  PHOTO_HOSTS: string[];
  reportingEndpoints: (siteUrl: string) => string;
};

const ENV = {
  VITE_FIREBASE_PROJECT_ID: 'de-estudiantes',
  VITE_FIREBASE_AUTH_DOMAIN: 'de-estudiantes.firebaseapp.com',
  VITE_ALGOLIA_APP_ID: 'ABC123XYZ9',
};
const loaderBody = /^<script>([\s\S]*)<\/script>$/.exec(LOADER as string)![1]!;
const loaderHash = `'sha256-${createHash('sha256').update(loaderBody).digest('base64')}'`;
const csp = contentSecurityPolicy(cspSettingsFromEnv(ENV), { scriptHashes: [loaderHash] });
const directive = (name: string, policy = csp) =>
  policy
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([n]) => n === name)
    ?.slice(1) ?? [];

describe('the generated Content-Security-Policy', () => {
  it('names only our project’s hosts: no wildcard anywhere', () => {
    expect(csp).not.toContain('*');
    expect(directive('connect-src')).toEqual([
      "'self'",
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://firestore.googleapis.com',
      'https://us-central1-de-estudiantes.cloudfunctions.net',
      'https://ABC123XYZ9-dsn.algolia.net',
      'https://ABC123XYZ9.algolia.net',
      'https://ABC123XYZ9-1.algolianet.com',
      'https://ABC123XYZ9-2.algolianet.com',
      'https://ABC123XYZ9-3.algolianet.com',
    ]);
    expect(directive('frame-src')).toEqual(['https://de-estudiantes.firebaseapp.com']);
  });

  it('follows the settings: functions region, custom auth domain', () => {
    const other = contentSecurityPolicy(
      cspSettingsFromEnv({
        ...ENV,
        VITE_FIREBASE_FUNCTIONS_REGION: 'northamerica-south1',
        VITE_FIREBASE_AUTH_DOMAIN: 'deestudiantes.mx',
      }),
      { scriptHashes: [loaderHash] },
    );
    expect(directive('connect-src', other)).toContain(
      'https://northamerica-south1-de-estudiantes.cloudfunctions.net',
    );
    expect(directive('frame-src', other)).toEqual(['https://deestudiantes.mx']);
  });

  it("allows the loader's inline script by its SHA-256, and no other inline script", () => {
    expect(directive('script-src')).toEqual(["'self'", loaderHash, 'https://apis.google.com']);
    expect(inlineScriptHashes(`<body><p>x</p>${LOADER as string}</body>`)).toEqual([loaderHash]);
    // Scripts with a src, and data blocks, need no hash.
    expect(
      inlineScriptHashes(
        '<script type="module" crossorigin src="/assets/a.js"></script><script type="application/ld+json">{}</script>',
      ),
    ).toEqual([]);
    expect(() => contentSecurityPolicy(cspSettingsFromEnv(ENV), { scriptHashes: [] })).toThrow();
  });

  it('takes the inline scripts of every prerendered page, the privacy notice included', () => {
    const { builtPages, pageScriptHashes } = cspModule as {
      builtPages: (dir: string) => string[];
      pageScriptHashes: (dir: string) => string[];
    };
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'csp-pages-'));
    try {
      fs.writeFileSync(path.join(dir, 'aviso-de-privacidad.html'), '<script>aviso()</script>');
      fs.writeFileSync(path.join(dir, 'index.html'), LOADER as string);
      fs.writeFileSync(path.join(dir, '404.html'), LOADER as string);
      fs.writeFileSync(path.join(dir, 'robots.txt'), '<script>no()</script>');
      expect(builtPages(dir)).toEqual(['index.html', '404.html', 'aviso-de-privacidad.html']);
      const aviso = `'sha256-${createHash('sha256').update('aviso()').digest('base64')}'`;
      expect(pageScriptHashes(dir)).toEqual([loaderHash, aviso]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reports violations (report-uri and report-to), to our own origin', () => {
    expect(directive('report-uri')).toEqual(['/csp-report']);
    expect(directive('report-to')).toEqual(['csp-endpoint']);
    expect(reportingEndpoints('https://deestudiantes.mx/')).toBe(
      'csp-endpoint="https://deestudiantes.mx/csp-report"',
    );
    const hosting = JSON.parse(fs.readFileSync('firebase.json', 'utf8')).hosting;
    expect(hosting.rewrites).toContainEqual({
      source: '/csp-report',
      function: { functionId: 'csp_report', region: 'us-central1' },
    });
  });

  it('locks down the rest', () => {
    expect(directive('default-src')).toEqual(["'self'"]);
    expect(directive('object-src')).toEqual(["'none'"]);
    expect(directive('base-uri')).toEqual(["'none'"]);
    expect(directive('frame-ancestors')).toEqual(["'none'"]);
    expect(directive('upgrade-insecure-requests')).toEqual([]);
    expect(csp).toMatch(/(^|; )upgrade-insecure-requests(;|$)/);
  });

  it('shows photos from the hosts the function takes them from, and no other', () => {
    expect(PHOTO_HOSTS).toEqual(FUNCTION_PHOTO_HOSTS);
    // And the page's own rule for a photoURL (src/domain/hero-image.ts).
    expect(PHOTO_HOSTS).toEqual(GOOGLE_PHOTO_HOSTS);
    expect(directive('img-src')).toEqual([
      "'self'",
      'data:',
      ...FUNCTION_PHOTO_HOSTS.map((h) => `https://${h}`),
    ]);
  });

  it('refuses settings that would name the wrong hosts', () => {
    expect(() => cspSettingsFromEnv({})).toThrow(/VITE_FIREBASE_PROJECT_ID is missing/);
    expect(() => cspSettingsFromEnv({ ...ENV, VITE_FIREBASE_PROJECT_ID: '*' })).toThrow();
    expect(() =>
      cspSettingsFromEnv({ ...ENV, VITE_FIREBASE_AUTH_DOMAIN: '*.firebaseapp.com' }),
    ).toThrow();
    expect(() => cspSettingsFromEnv({ ...ENV, VITE_ALGOLIA_APP_ID: 'x y' })).toThrow();
    expect(() => cspSettingsFromEnv({ ...ENV, VITE_FIREBASE_FUNCTIONS_REGION: 'a b' })).toThrow();
  });

  it('for an emulator build: adds the local servers, and does not upgrade http', () => {
    const local = contentSecurityPolicy(
      cspSettingsFromEnv({
        ...ENV,
        VITE_FIREBASE_EMULATORS: 'true',
        VITE_FIRESTORE_EMULATOR_HOST: '127.0.0.1:8181',
        VITE_ALGOLIA_HOST: 'http://127.0.0.1:8282',
      }),
      { scriptHashes: [loaderHash] },
    );
    expect(directive('connect-src', local)).toEqual(
      expect.arrayContaining([
        'http://127.0.0.1:9099',
        'http://127.0.0.1:5001',
        'http://127.0.0.1:8181',
        'http://127.0.0.1:8282',
      ]),
    );
    expect(directive('frame-src', local)).toContain('http://127.0.0.1:9099');
    expect(local).not.toContain('upgrade-insecure-requests');
  });
});

describe('the checked-in hosting config', () => {
  const hosting = JSON.parse(fs.readFileSync('firebase.json', 'utf8')).hosting;
  it('carries no CSP of its own (the deploy generates it), and serves only the deploy build', () => {
    const keys = hosting.headers.flatMap((h: { headers: { key: string }[] }) =>
      h.headers.map((x) => x.key),
    );
    expect(keys).not.toContain('Content-Security-Policy');
    expect(hosting.public).toBe('dist-deploy');
    expect(hosting.predeploy).toEqual(['node scripts/deploy/deploy-guard.mjs']);
  });
});
