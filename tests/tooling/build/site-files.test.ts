import { COLLEGE_CATALOGUE } from '@/data/college-catalogue';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  envFileOf,
  MANIFEST,
  PAGES,
  robotsTxt,
  siteConfigProblem,
  sitemapXml,
} from '../../../scripts/build/site-files';
import { SAMPLE_PRIVACY_ENV } from '../../support/privacy-env';

const PRIVACY = SAMPLE_PRIVACY_ENV;

describe('a production build cannot be half-configured (scripts/build/site-files.ts)', () => {
  it('a firebase or supabase build without VITE_SITE_URL fails, naming it and the file to set', () => {
    for (const backend of ['firebase', 'supabase']) {
      const problem = siteConfigProblem(backend, { VITE_SITE_URL: '  ' });
      expect(problem).toContain('VITE_SITE_URL');
      expect(problem).toContain('.env.production.local');
      expect(problem).toContain(backend);
    }
  });

  it('names the file the command reads: .env.production.local to build, .env.local to serve', () => {
    expect(envFileOf('production')).toBe('.env.production.local');
    expect(envFileOf('development')).toBe('.env.local');
    expect(envFileOf('emulators')).toBe('.env.emulators.local');
    expect(siteConfigProblem('firebase', {}, 'emulators')).toContain('.env.emulators.local');
  });

  it('refuses a relative or malformed address', () => {
    expect(siteConfigProblem('firebase', { VITE_SITE_URL: 'deestudiantes.mx' })).toMatch(
      /absolute address/,
    );
    expect(siteConfigProblem('firebase', { VITE_SITE_URL: 'https://x.mx/path' })).toMatch(
      /absolute address/,
    );
  });

  it('lets a configured real build, and a memory build with nothing set, go on', () => {
    expect(
      siteConfigProblem('firebase', { VITE_SITE_URL: 'https://deestudiantes.mx/', ...PRIVACY }),
    ).toBeNull();
    expect(siteConfigProblem('memory', {})).toBeNull();
  });

  it('a real build without the privacy notice’s settings fails, naming them; local builds go on', () => {
    const site = { VITE_SITE_URL: 'https://deestudiantes.mx' };
    for (const backend of ['firebase', 'supabase']) {
      const problem = siteConfigProblem(backend, {
        ...site,
        VITE_SUPABASE_URL: 'https://abc.supabase.co',
      });
      expect(problem).toMatch(
        /VITE_PRIVACY_RESPONSIBLE, VITE_PRIVACY_ADDRESS, VITE_PRIVACY_EMAIL, VITE_PRIVACY_UPDATED, VITE_PRIVACY_MAIL_PROVIDER are missing/,
      );
      expect(problem).toContain('.env.production.local');
    }
    // The emulator build (.env.emulators) and the stand-in build (.env.supabase) show placeholders.
    expect(
      siteConfigProblem('firebase', { ...site, VITE_FIREBASE_EMULATORS: 'true' }, 'emulators'),
    ).toBeNull();
    expect(
      siteConfigProblem('supabase', { ...site, VITE_SUPABASE_URL: 'http://127.0.0.1:54321' }),
    ).toBeNull();
  });

  it('the build fails in vite.config.ts before bundling anything', async () => {
    const { build } = await import('vite');
    const saved = { backend: process.env.VITE_BACKEND, site: process.env.VITE_SITE_URL };
    // A firebase build, with no site address in the environment or in an env file.
    process.env.VITE_BACKEND = 'firebase';
    delete process.env.VITE_SITE_URL;
    const envDir = fs.mkdtempSync(path.join(os.tmpdir(), 'no-env-'));
    try {
      await expect(
        build({
          configFile: 'vite.config.ts',
          envDir,
          logLevel: 'silent',
          build: { write: false },
        }),
      ).rejects.toThrow(/VITE_SITE_URL.*\.env\.production\.local/s);
    } finally {
      if (saved.backend === undefined) delete process.env.VITE_BACKEND;
      else process.env.VITE_BACKEND = saved.backend;
      if (saved.site !== undefined) process.env.VITE_SITE_URL = saved.site;
      fs.rmSync(envDir, { recursive: true, force: true });
    }
  }, 30_000);
});

describe('files for phones and crawlers', () => {
  it('robots.txt allows all and points at the sitemap when the site address is known', () => {
    expect(robotsTxt('https://deestudiantes.mx')).toBe(
      'User-agent: *\nAllow: /\n\nSitemap: https://deestudiantes.mx/sitemap.xml\n',
    );
    expect(robotsTxt('')).toBe('User-agent: *\nAllow: /\n');
  });

  it('the sitemap lists only pages that exist, with absolute addresses', () => {
    // The landing page, the privacy notice and each catalogue campus's page (issue 60), in the
    // catalogue's order; never a poster, never a pending or later-added campus.
    expect(PAGES).toEqual([
      '/',
      '/aviso-de-privacidad',
      ...COLLEGE_CATALOGUE.map((c) => `/campus/${c.id}`),
    ]);
    const xml = sitemapXml('https://deestudiantes.mx');
    expect(xml).toContain('<loc>https://deestudiantes.mx/</loc>');
    expect(xml).toContain('<loc>https://deestudiantes.mx/aviso-de-privacidad</loc>');
    expect(xml).toContain('<loc>https://deestudiantes.mx/campus/udg-cucei</loc>');
    expect(xml).not.toContain('cartel');
    expect(xml.match(/<loc>/g)).toHaveLength(2 + COLLEGE_CATALOGUE.length);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
  });

  it('the manifest is in Spanish, and every icon it names exists in public/', () => {
    expect(MANIFEST.lang).toBe('es-MX');
    expect(MANIFEST.name).toBe('De estudiantes a estudiantes');
    for (const icon of MANIFEST.icons)
      expect(fs.existsSync(`public${icon.src}`), icon.src).toBe(true);
    expect(fs.existsSync('public/apple-touch-icon.png')).toBe(true);
  });

  it('Firebase Hosting serves the manifest and the sitemap with their types', () => {
    const hosting = (
      JSON.parse(fs.readFileSync('firebase.json', 'utf8')) as {
        hosting: { headers: { source: string; headers: { key: string; value: string }[] }[] };
      }
    ).hosting;
    const type = (source: string) =>
      hosting.headers
        .find((h) => h.source === source)
        ?.headers.find((h) => h.key === 'Content-Type')?.value;
    expect(type('/manifest.webmanifest')).toMatch(/^application\/manifest\+json/);
    expect(type('/sitemap.xml')).toMatch(/^application\/xml/);
  });
});
