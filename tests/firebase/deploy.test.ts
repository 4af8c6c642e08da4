import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_PRIVACY_ENV } from '../support/privacy-env';

// The deploy path on real builds: `npm run deploy -- --prepare-only` (scripts/deploy/deploy.mjs) builds
// the Firebase build of a project, checks it and writes the hosting config with the project's
// CSP; the deploy guard (scripts/deploy/deploy-guard.mjs, hosting's predeploy in firebase.json) accepts
// that, and refuses the memory build and any deploy not started by the deploy script. Everything
// goes to a temporary folder (the test never touches dist/ or dist-deploy/). Two builds: slow, so
// here, where files run one at a time (vitest.emulators.config.ts), not beside the unit tests.
const PROJECT = 'de-estudiantes-prueba';
const PROD_ENV = {
  VITE_BACKEND: 'firebase',
  VITE_FIREBASE_API_KEY: 'AIzaSyFakeKeyForTheDeployTest000000000',
  VITE_FIREBASE_AUTH_DOMAIN: `${PROJECT}.firebaseapp.com`,
  VITE_FIREBASE_PROJECT_ID: PROJECT,
  VITE_FIREBASE_APP_ID: '1:123456789012:web:abcdef0123456789',
  VITE_FIREBASE_FUNCTIONS_REGION: 'us-central1',
  VITE_FIREBASE_EMULATORS: 'false',
  VITE_ALGOLIA_APP_ID: 'ABC123XYZ9',
  VITE_ALGOLIA_SEARCH_KEY: 'search-only-key',
  VITE_ALGOLIA_HOST: '',
  VITE_SITE_URL: 'https://deestudiantes.mx',
  ...SAMPLE_PRIVACY_ENV,
};
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'deploy-test-'));
const out = path.join(tmp, 'dist-deploy');
const configFile = path.join(tmp, 'firebase.deploy.json');
const functionsEnv = path.join('functions', `.env.${PROJECT}`);

const run = (args: string[], env: Record<string, string | undefined>) => {
  const r = spawnSync('node', args, { env: { ...process.env, ...env }, encoding: 'utf8' });
  return { status: r.status, output: `${r.stdout}\n${r.stderr}` };
};
/** The guard as firebase-tools runs hosting's predeploy. */
const predeploy = (env: Record<string, string | undefined>) =>
  run(['scripts/deploy/deploy-guard.mjs'], { GCLOUD_PROJECT: PROJECT, RESOURCE_DIR: out, ...env });

let prepared: ReturnType<typeof run>;
beforeAll(() => {
  prepared = run(
    [
      'scripts/deploy/deploy.mjs',
      '--prepare-only',
      '--project',
      PROJECT,
      '--out',
      out,
      '--config-out',
      configFile,
    ],
    PROD_ENV,
  );
}, 180_000);
afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.rmSync(functionsEnv, { force: true });
});

describe('npm run deploy (prepare only) and the deploy guard, on real builds', () => {
  it('builds the Firebase build, checks it and writes the config with the project’s CSP', () => {
    expect(prepared.output).not.toMatch(/refused/i);
    expect(prepared.status).toBe(0);
    const config = JSON.parse(fs.readFileSync(configFile, 'utf8'));
    expect(path.resolve(tmp, config.hosting.public)).toBe(out);
    expect(config.hosting.predeploy).toEqual(['node scripts/deploy/deploy-guard.mjs']);
    const headers = config.hosting.headers.flatMap((h: { headers: unknown[] }) => h.headers);
    const csp = headers.find((h: { key: string }) => h.key === 'Content-Security-Policy').value;
    expect(csp).not.toContain('*');
    expect(csp).toContain(`https://us-central1-${PROJECT}.cloudfunctions.net`);
    expect(csp).toContain(`frame-src https://${PROJECT}.firebaseapp.com;`);
    expect(csp).toContain('report-uri /csp-report; report-to csp-endpoint');
    expect(headers).toContainEqual({
      key: 'Reporting-Endpoints',
      value: 'csp-endpoint="https://deestudiantes.mx/csp-report"',
    });
    // The function answers only the site's origin, and the console's add writes to the build's
    // search app (issue 61; its key is the secret ALGOLIA_ADMIN_KEY).
    expect(fs.readFileSync(functionsEnv, 'utf8')).toBe(
      'SITE_ORIGIN=https://deestudiantes.mx\nALGOLIA_APP_ID=ABC123XYZ9\n',
    );
  });

  it('the guard, as hosting’s predeploy, lets that deploy through', () => {
    const r = predeploy({ DEPLOY_CONFIG: configFile });
    expect(r.output).toContain(`is the Firebase build of ${PROJECT}`);
    expect(r.status).toBe(0);
  });

  it('refuses a plain `firebase deploy` (not started by npm run deploy)', () => {
    const r = predeploy({ DEPLOY_CONFIG: undefined });
    expect(r.status).toBe(1);
    expect(r.output).toContain('this deploy was not started by `npm run deploy`');
  });

  it('refuses the build for another project than the one deployed to', () => {
    const r = predeploy({ DEPLOY_CONFIG: configFile, GCLOUD_PROJECT: 'otro-proyecto' });
    expect(r.status).toBe(1);
    expect(r.output).toContain(`the build is for Firebase project ${PROJECT}, not otro-proyecto`);
  });

  it('refuses the memory build, even in the hosting folder of a generated config', () => {
    // The folder held the Firebase build: start from nothing, as a build into dist/ does.
    fs.rmSync(out, { recursive: true, force: true });
    const build = spawnSync('npm', ['run', 'build', '--silent'], {
      env: { ...process.env, ...PROD_ENV, VITE_BACKEND: 'memory', DIST_DIR: out },
      encoding: 'utf8',
    });
    expect(build.status).toBe(0);
    const r = predeploy({ DEPLOY_CONFIG: configFile });
    expect(r.status).toBe(1);
    expect(r.output).toContain('memory (demo) backend in the build');
    expect(r.output).toContain('__memoryBackend');
    expect(r.output).toContain("the build's backend is memory (the default), not firebase");
  }, 180_000);

  it('refuses to build from settings that are not production’s', () => {
    const refused = run(
      [
        'scripts/deploy/deploy.mjs',
        '--prepare-only',
        '--project',
        PROJECT,
        '--out',
        path.join(tmp, 'x'),
      ],
      { ...PROD_ENV, VITE_FIREBASE_EMULATORS: 'true', VITE_SITE_URL: 'http://localhost:5173' },
    );
    expect(refused.status).toBe(1);
    expect(refused.output).toContain('VITE_FIREBASE_EMULATORS=true');
    expect(refused.output).toContain("VITE_SITE_URL must be the site's https address");
    expect(fs.existsSync(path.join(tmp, 'x'))).toBe(false);
  });
});
