import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript module of the deploy scripts, without type declarations
import * as deploy from '../../../scripts/deploy/deploy-supabase.mjs';
// @ts-expect-error: idem
import { supabaseHostingHeaders } from '../../../scripts/deploy/supabase-headers.mjs';

// `npm run deploy:supabase` (issue 23): the same refusals as the Firebase deploy guard, on small
// stand-in builds and settings. The real builds (the memory build in dist/, the stand-in build)
// are refused in tests/supabase/deploy-guard.test.ts.
const { checkSupabaseDeployBuild, checkSupabaseDeploySettings } = deploy as {
  checkSupabaseDeployBuild: (dir: string, o: { projectUrl: string }) => string[];
  checkSupabaseDeploySettings: (env: Record<string, string>) => string[];
};

const PROJECT = 'https://abcdefghijklmnop.supabase.co';
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'deploy-supabase-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
let n = 0;
function build(
  env: Record<string, string>,
  code = '',
  notice = '<h1>Aviso</h1><p>Responsable</p>',
) {
  const dir = path.join(root, `b${++n}`);
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  for (const page of ['index.html', '404.html'])
    fs.writeFileSync(path.join(dir, page), '<p>Hola</p>');
  fs.writeFileSync(path.join(dir, 'aviso-de-privacidad.html'), notice);
  const inlined = Object.entries(env)
    .map(([k, v]) => `${k}:"${v}"`)
    .join(',');
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc.js'), `var e={${inlined}};${code}`);
  return dir;
}
const SUPABASE = { VITE_BACKEND: 'supabase', VITE_SUPABASE_URL: PROJECT };
const check = (dir: string) => checkSupabaseDeployBuild(dir, { projectUrl: PROJECT });

describe('checkSupabaseDeployBuild', () => {
  it('accepts the Supabase build of the project', () => {
    expect(check(build(SUPABASE))).toEqual([]);
  });

  it('refuses the memory backend, another backend, another project, and the local stand-in', () => {
    expect(check(build(SUPABASE, 'window.__memoryBackend={}'))).toEqual([
      expect.stringContaining('memory (demo) backend in the build'),
    ]);
    expect(check(build({}))).toEqual([
      "the build's backend is memory (the default), not supabase",
      'the build names no Supabase project',
    ]);
    expect(check(build({ ...SUPABASE, VITE_BACKEND: 'firebase' }))).toHaveLength(1);
    expect(check(build({ ...SUPABASE, VITE_SUPABASE_URL: 'https://otro.supabase.co' }))).toEqual([
      `the build is for https://otro.supabase.co, not ${PROJECT}`,
    ]);
    const standIn = check(build({ ...SUPABASE, VITE_SUPABASE_URL: 'http://127.0.0.1:54321' }));
    expect(standIn.join('\n')).toMatch(/must be https/);
    expect(standIn.join('\n')).toMatch(/local stand-in/);
  });

  it('refuses privacy placeholders and a folder that is no build', () => {
    expect(check(build(SUPABASE, '', '<p>configura VITE_PRIVACY_RESPONSIBLE</p>'))).toHaveLength(1);
    expect(check(path.join(root, 'nada'))).toEqual([
      expect.stringContaining('is not a prerendered build'),
    ]);
  });
});

describe('checkSupabaseDeploySettings', () => {
  const env = {
    VITE_SUPABASE_URL: PROJECT,
    VITE_SUPABASE_ANON_KEY: 'anon',
    VITE_SITE_URL: 'https://deestudiantes.mx',
    VITE_PRIVACY_RESPONSIBLE: 'Estudiantes S.C.',
    VITE_PRIVACY_ADDRESS: 'Guadalajara',
    VITE_PRIVACY_EMAIL: 'privacidad@deestudiantes.mx',
    VITE_PRIVACY_UPDATED: '2026-11-24',
    VITE_PRIVACY_MAIL_PROVIDER: 'Brevo (Sendinblue SAS)',
    CSP_REPORT_URL: 'https://reportes.deestudiantes.mx/csp',
  };

  it('accepts a real project with its settings', () => {
    expect(checkSupabaseDeploySettings(env)).toEqual([]);
    expect(checkSupabaseDeploySettings({ ...env, VITE_BACKEND: ' Supabase ' })).toEqual([]);
  });

  it('refuses the stand-in, another backend, the emulators (padded or cased), missing settings', () => {
    expect(
      checkSupabaseDeploySettings({ ...env, VITE_SUPABASE_URL: 'http://127.0.0.1:54321' }),
    ).toHaveLength(2);
    expect(
      checkSupabaseDeploySettings({ ...env, VITE_SUPABASE_URL: 'https://localhost:54321' }),
    ).toHaveLength(1);
    expect(checkSupabaseDeploySettings({ ...env, VITE_BACKEND: 'memory' })).toHaveLength(1);
    for (const on of ['true', 'true ', 'TRUE']) {
      expect(checkSupabaseDeploySettings({ ...env, VITE_FIREBASE_EMULATORS: on })).toHaveLength(1);
    }
    expect(
      checkSupabaseDeploySettings({ ...env, CSP_REPORT_URL: '', VITE_PRIVACY_EMAIL: ' ' }),
    ).toEqual(['VITE_PRIVACY_EMAIL is missing', 'CSP_REPORT_URL is missing']);
    expect(checkSupabaseDeploySettings({ ...env, CSP_REPORT_URL: 'http://x.mx/csp' })).toHaveLength(
      1,
    );
  });
});

describe('the hosting headers the deploy writes', () => {
  it('report CSP violations to the collector, and allow every Google photo host', () => {
    const file: string = supabaseHostingHeaders(PROJECT, {
      reportUrl: 'https://reportes.deestudiantes.mx/csp',
    });
    expect(file).toMatch(/report-uri https:\/\/reportes\.deestudiantes\.mx\/csp/);
    expect(file).toMatch(/report-to csp-endpoint/);
    expect(file).toContain(
      'Reporting-Endpoints: csp-endpoint="https://reportes.deestudiantes.mx/csp"',
    );
    for (const n of [3, 4, 5, 6]) expect(file).toContain(`https://lh${n}.googleusercontent.com`);
    expect(() => supabaseHostingHeaders(PROJECT, { reportUrl: 'http://x.mx' })).toThrow(/https/);
  });
});
