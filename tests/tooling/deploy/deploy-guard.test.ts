import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: plain JavaScript modules of the build scripts, without type declarations
import * as guard from '../../../scripts/deploy/deploy-guard.mjs';
// @ts-expect-error: idem
import * as deploy from '../../../scripts/deploy/deploy.mjs';

// The deploy guard on small stand-in builds (each refusal on its own). The real builds go through
// it in tests/firebase/deploy.test.ts.
const { checkDeployBuild, checkHostingConfig } = guard as {
  checkDeployBuild: (dir: string, o: { projectId: string }) => string[];
  checkHostingConfig: (c: unknown, o: { dir: string; projectId: string }) => string[];
};
const { checkDeploySettings } = deploy as {
  checkDeploySettings: (env: Record<string, string>, project?: string) => string[];
};

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'deploy-guard-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
let n = 0;
/** A stand-in build: the three pages and one chunk with the given env and code. */
function build(
  env: Record<string, string>,
  code = '',
  html = '<p>Hola</p>',
  notice = '<h1>Aviso de privacidad</h1><p>Responsable: Estudiantes S.C.</p>',
) {
  const dir = path.join(root, `b${++n}`);
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), html);
  fs.writeFileSync(path.join(dir, '404.html'), html);
  fs.writeFileSync(path.join(dir, 'aviso-de-privacidad.html'), notice);
  const inlined = Object.entries(env)
    .map(([k, v]) => `${k}:\`${v}\``)
    .join(',');
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc.js'), `var e={${inlined}};${code}`);
  return dir;
}
const FIREBASE = { VITE_BACKEND: 'firebase', VITE_FIREBASE_PROJECT_ID: 'de-estudiantes' };
const check = (dir: string) => checkDeployBuild(dir, { projectId: 'de-estudiantes' });

describe('checkDeployBuild', () => {
  it('accepts the Firebase build of the project', () => {
    expect(check(build(FIREBASE))).toEqual([]);
  });

  it('refuses the memory backend: its controls, its account chooser, its storage key', () => {
    for (const marker of ['__memoryBackend', 'Elige una cuenta', 'de-estudiantes:memory-backend']) {
      expect(check(build(FIREBASE, `x("${marker}")`))).toEqual([
        `memory (demo) backend in the build: index-abc.js: ${marker}`,
      ]);
    }
    expect(check(build(FIREBASE, '', '<div>Elige una cuenta</div>'))).toHaveLength(2);
  });

  it('refuses a build of another backend, or of no backend setting (the memory default)', () => {
    expect(check(build({ ...FIREBASE, VITE_BACKEND: 'memory' }))).toEqual([
      "the build's backend is memory, not firebase",
    ]);
    expect(check(build({ VITE_FIREBASE_PROJECT_ID: 'de-estudiantes' }))).toEqual([
      "the build's backend is memory (the default), not firebase",
    ]);
  });

  it('refuses a build for another project, or pointed at local servers', () => {
    expect(check(build({ ...FIREBASE, VITE_FIREBASE_PROJECT_ID: 'demo-estudiantes' }))).toEqual([
      'the build is for Firebase project demo-estudiantes, not de-estudiantes',
    ]);
    // However it is written: the app trims the value, so the guard must not read it strictly.
    for (const on of ['true', 'true ', ' TRUE', 'True']) {
      expect(check(build({ ...FIREBASE, VITE_FIREBASE_EMULATORS: on }))).toEqual([
        'the build points at the local emulators (VITE_FIREBASE_EMULATORS=true)',
      ]);
    }
    expect(check(build({ ...FIREBASE, VITE_ALGOLIA_HOST: 'http://127.0.0.1:8282' }))).toHaveLength(
      1,
    );
  });

  it('refuses a build without the privacy notice, or with its development placeholders', () => {
    const missing = build(FIREBASE);
    fs.rmSync(path.join(missing, 'aviso-de-privacidad.html'));
    expect(check(missing)).toEqual([
      'the privacy notice aviso-de-privacidad.html is missing from the build',
    ]);
    const placeholders = build(
      FIREBASE,
      '',
      '<p>Hola</p>',
      '<mark>[Nombre del responsable — configura VITE_PRIVACY_RESPONSIBLE]</mark>',
    );
    expect(check(placeholders)).toEqual([
      'aviso-de-privacidad.html shows placeholders: set the VITE_PRIVACY_* variables (.env.example)',
    ]);
  });

  it('refuses a folder that is not a prerendered build', () => {
    const empty = path.join(root, 'empty');
    fs.mkdirSync(empty);
    expect(check(empty)).toEqual([
      `${empty} is not a prerendered build (index.html and 404.html are missing)`,
    ]);
  });
});

describe('checkHostingConfig', () => {
  const dir = build(FIREBASE, '', '<script>go()</script>');
  const hash = `'sha256-${createHash('sha256').update('go()').digest('base64')}'`;
  const config = (csp: string | null, extra: { key: string; value: string }[] = []) => ({
    __dir: root,
    hosting: {
      public: path.relative(root, dir),
      headers: [
        {
          source: '**',
          headers: [
            ...(csp ? [{ key: 'Content-Security-Policy', value: csp }] : []),
            {
              key: 'Reporting-Endpoints',
              value: 'csp-endpoint="https://deestudiantes.mx/csp-report"',
            },
            ...extra,
          ],
        },
      ],
    },
  });
  const good = `default-src 'self'; script-src 'self' ${hash}; connect-src https://us-central1-de-estudiantes.cloudfunctions.net; report-uri /csp-report; report-to csp-endpoint`;
  const checkConfig = (c: unknown) => checkHostingConfig(c, { dir, projectId: 'de-estudiantes' });

  it('accepts the generated config of the build', () => {
    expect(checkConfig(config(good))).toEqual([]);
  });

  it('refuses a config without CSP, with a wildcard host, or without reporting', () => {
    expect(checkConfig(config(null))).toEqual(['the config has no Content-Security-Policy header']);
    expect(checkConfig(config(good.replace('us-central1-de-estudiantes', '*')))).toEqual([
      'the CSP allows a wildcard host',
      "the CSP does not name project de-estudiantes's functions host",
    ]);
    expect(checkConfig(config(good.replace('; report-uri /csp-report', '')))).toEqual([
      'the CSP does not report violations (report-uri, report-to)',
    ]);
  });

  it('refuses a CSP that would block the built page’s loader', () => {
    expect(checkConfig(config(good.replace(hash, "'sha256-old='")))).toEqual([
      `the CSP does not allow index.html's inline script ${hash}`,
      `the CSP does not allow 404.html's inline script ${hash}`,
    ]);
  });

  it('refuses a config serving another folder', () => {
    const other = config(good);
    other.hosting.public = 'dist';
    expect(checkConfig(other)).toEqual([`hosting.public is dist, not the checked build ${dir}`]);
  });
});

describe('checkDeploySettings', () => {
  const env = {
    VITE_FIREBASE_API_KEY: 'k',
    VITE_FIREBASE_AUTH_DOMAIN: 'de-estudiantes.firebaseapp.com',
    VITE_FIREBASE_PROJECT_ID: 'de-estudiantes',
    VITE_FIREBASE_APP_ID: '1:1:web:1',
    VITE_ALGOLIA_APP_ID: 'ABC',
    VITE_ALGOLIA_SEARCH_KEY: 's',
    VITE_SITE_URL: 'https://deestudiantes.mx',
    VITE_PRIVACY_RESPONSIBLE: 'Estudiantes Emprendedores, S.C.',
    VITE_PRIVACY_ADDRESS: 'Av. Juárez 976, Col. Centro, 44100 Guadalajara, Jal.',
    VITE_PRIVACY_EMAIL: 'privacidad@deestudiantes.mx',
    VITE_PRIVACY_UPDATED: '2026-11-23',
    VITE_PRIVACY_MAIL_PROVIDER: 'Brevo (Sendinblue SAS)',
  };
  it('accepts the production settings of the project', () => {
    expect(checkDeploySettings(env, 'de-estudiantes')).toEqual([]);
    expect(checkDeploySettings({ ...env, VITE_BACKEND: 'firebase' }, 'de-estudiantes')).toEqual([]);
  });
  it('refuses another backend, the emulators, a local search host, another project, no https site', () => {
    expect(checkDeploySettings({ ...env, VITE_BACKEND: 'memory' }, 'de-estudiantes')).toHaveLength(
      1,
    );
    for (const on of ['true', 'true ', 'TRUE']) {
      expect(checkDeploySettings({ ...env, VITE_FIREBASE_EMULATORS: on })).toHaveLength(1);
    }
    expect(
      checkDeploySettings({ ...env, VITE_ALGOLIA_HOST: 'http://127.0.0.1:8282' }),
    ).toHaveLength(1);
    expect(checkDeploySettings(env, 'otro-proyecto')).toHaveLength(1);
    expect(checkDeploySettings({ ...env, VITE_SITE_URL: 'http://deestudiantes.mx' })).toHaveLength(
      1,
    );
    expect(checkDeploySettings({ ...env, VITE_SITE_URL: '' })).toEqual([
      'VITE_SITE_URL is missing',
    ]);
  });
  it('refuses a deploy without the privacy notice’s settings, naming each', () => {
    expect(
      checkDeploySettings({ ...env, VITE_PRIVACY_EMAIL: ' ', VITE_PRIVACY_UPDATED: '' }),
    ).toEqual(['VITE_PRIVACY_EMAIL is missing', 'VITE_PRIVACY_UPDATED is missing']);
  });
});
