import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SAMPLE_PRIVACY_ENV } from '../support/privacy-env';

// The deploy guard as the pinned firebase-tools itself runs it: its lifecycle-hook runner
// (lib/deploy/lifecycleHooks.js, what `firebase deploy` calls before uploading hosting) on our
// hosting configs. A deploy cannot run offline (it needs a login), so this is the closest check
// that `firebase deploy` stops on the guard. Here rather than in tests/tooling: firebase-tools is
// installed by scripts/test/firebase-cli.sh.
const require = createRequire(import.meta.url);
const lib = `${process.cwd()}/tools/firebase-cli/node_modules/firebase-tools/lib`;
const { Config } = require(`${lib}/config.js`) as {
  Config: new (src: unknown, options: Record<string, unknown>) => unknown;
};
const { lifecycleHooks } = require(`${lib}/deploy/lifecycleHooks.js`) as {
  lifecycleHooks: (
    target: string,
    hook: string,
  ) => (context: unknown, options: Record<string, unknown>) => Promise<void>;
};

const PROJECT = 'de-estudiantes-prueba';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'predeploy-test-'));
const functionsEnv = path.join('functions', `.env.${PROJECT}`);
afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.rmSync(functionsEnv, { force: true });
  delete process.env.DEPLOY_CONFIG;
});

/** firebase-tools' hosting predeploy for the config file `file`. */
const predeploy = (file: string) =>
  lifecycleHooks('hosting', 'predeploy')(
    {},
    {
      config: new Config(JSON.parse(fs.readFileSync(file, 'utf8')), {
        projectDir: process.cwd(),
        cwd: process.cwd(),
      }),
      project: PROJECT,
      projectRoot: process.cwd(),
      only: 'hosting',
    },
  );

describe('firebase deploy runs the deploy guard before hosting', () => {
  it('a plain `firebase deploy` with firebase.json is stopped', async () => {
    delete process.env.DEPLOY_CONFIG;
    await expect(predeploy('firebase.json')).rejects.toThrow(/hosting predeploy error/);
  });

  it('the deploy `npm run deploy` prepared goes through', async () => {
    const out = path.join(tmp, 'dist-deploy');
    const configFile = path.join(tmp, 'firebase.deploy.json');
    const prepared = spawnSync(
      'node',
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
      {
        encoding: 'utf8',
        env: {
          ...process.env,
          VITE_BACKEND: 'firebase',
          VITE_FIREBASE_API_KEY: 'AIzaSyFakeKeyForTheDeployTest000000000',
          VITE_FIREBASE_AUTH_DOMAIN: `${PROJECT}.firebaseapp.com`,
          VITE_FIREBASE_PROJECT_ID: PROJECT,
          VITE_FIREBASE_APP_ID: '1:123456789012:web:abcdef0123456789',
          VITE_FIREBASE_EMULATORS: 'false',
          VITE_ALGOLIA_APP_ID: 'ABC123XYZ9',
          VITE_ALGOLIA_SEARCH_KEY: 'search-only-key',
          VITE_ALGOLIA_HOST: '',
          VITE_SITE_URL: 'https://deestudiantes.mx',
          ...SAMPLE_PRIVACY_ENV,
        },
      },
    );
    expect(prepared.status, prepared.stderr).toBe(0);
    process.env.DEPLOY_CONFIG = configFile;
    await expect(predeploy(configFile)).resolves.toBeUndefined();
    // The same prepared config, deployed to another project, is stopped.
    await expect(
      lifecycleHooks('hosting', 'predeploy')(
        {},
        {
          config: new Config(JSON.parse(fs.readFileSync(configFile, 'utf8')), {
            projectDir: process.cwd(),
            cwd: process.cwd(),
          }),
          project: 'otro-proyecto',
          projectRoot: process.cwd(),
          only: 'hosting',
        },
      ),
    ).rejects.toThrow(/hosting predeploy error/);
  }, 180_000);
});
