// The one deploy path (docs/deploy-firebase.md, step 7):
//
//   npm run deploy -- --project <id> [--only hosting,functions,firestore:rules]
//   npm run deploy -- --project <id> --prepare-only   # everything but the upload
//
// 1. Reads the production settings (.env.production.local, then the environment) and refuses
//    anything but the Firebase backend of that project, on its real services, and a project
//    without the Firestore TTL policies of step 7b (scripts/deploy/ttl-policies.mjs, read with
//    the Google Cloud CLI; not checked with --prepare-only).
// 2. Builds it into dist-deploy/ (never dist/, where `npm test` leaves the memory build).
// 3. Checks the build with the deploy guard (scripts/deploy/deploy-guard.mjs).
// 4. Writes firebase.deploy.json: firebase.json with hosting serving dist-deploy/ and the
//    Content-Security-Policy generated for this project (scripts/deploy/csp.mjs), with violation
//    reporting; and functions/.env.<id> with SITE_ORIGIN, the only origin the callable answers.
// 5. Runs the pinned Firebase CLI with that config; hosting's predeploy runs the guard again.
import { backendOf } from '../../src/composition/backends.ts';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadEnv } from 'vite';
import {
  contentSecurityPolicy,
  cspSettingsFromEnv,
  pageScriptHashes,
  reportingEndpoints,
} from './csp.mjs';
import { checkDeployBuild, checkHostingConfig, isOn } from './deploy-guard.mjs';
import { checkTtlPolicies } from './ttl-policies.mjs';

export const DEPLOY_DIR = 'dist-deploy';
export const DEPLOY_CONFIG = 'firebase.deploy.json';
export const FIREBASE_ENV = [
  'VITE_FIREBASE_API_KEY',
  'VITE_FIREBASE_AUTH_DOMAIN',
  'VITE_FIREBASE_PROJECT_ID',
  'VITE_FIREBASE_APP_ID',
  'VITE_ALGOLIA_APP_ID',
  'VITE_ALGOLIA_SEARCH_KEY',
  'VITE_SITE_URL',
  // The privacy notice's settings (PRIVACY_ENV in src/ui/privacy/privacy-notice-settings.ts; the
  // build refuses to go without them too, tests/tooling/deploy/privacy-notice.test.ts keeps the lists equal).
  'VITE_PRIVACY_RESPONSIBLE',
  'VITE_PRIVACY_ADDRESS',
  'VITE_PRIVACY_EMAIL',
  'VITE_PRIVACY_UPDATED',
  'VITE_PRIVACY_MAIL_PROVIDER',
];

/** What keeps these settings from a production deploy to `project`; empty when they may go. */
export function checkDeploySettings(env, project) {
  const problems = FIREBASE_ENV.filter((name) => !env[name]?.trim()).map((n) => `${n} is missing`);
  if (backendOf(env.VITE_BACKEND, 'firebase') !== 'firebase') {
    problems.push(`VITE_BACKEND is ${env.VITE_BACKEND}: only the firebase backend is deployed`);
  }
  if (isOn(env.VITE_FIREBASE_EMULATORS)) {
    problems.push('VITE_FIREBASE_EMULATORS=true points the build at the local emulators');
  }
  if (env.VITE_ALGOLIA_HOST?.trim())
    problems.push('VITE_ALGOLIA_HOST points search at a local host');
  if (project && env.VITE_FIREBASE_PROJECT_ID && env.VITE_FIREBASE_PROJECT_ID !== project) {
    problems.push(
      `VITE_FIREBASE_PROJECT_ID is ${env.VITE_FIREBASE_PROJECT_ID}, not --project ${project}`,
    );
  }
  if (env.VITE_SITE_URL) {
    try {
      if (new URL(env.VITE_SITE_URL).protocol !== 'https:') throw new Error();
    } catch {
      problems.push(`VITE_SITE_URL must be the site's https address; got "${env.VITE_SITE_URL}"`);
    }
  }
  return problems;
}

/** firebase.json with hosting serving `dir`, under the generated CSP and reporting headers. */
export function deployConfig(base, { dir, csp, siteUrl }) {
  const config = structuredClone(base);
  config.hosting.public = dir;
  const all = config.hosting.headers.find((h) => h.source === '**');
  all.headers = [
    { key: 'Content-Security-Policy', value: csp },
    { key: 'Reporting-Endpoints', value: reportingEndpoints(siteUrl) },
    ...all.headers.filter(
      (h) => !['Content-Security-Policy', 'Reporting-Endpoints'].includes(h.key),
    ),
  ];
  return config;
}

/** Sets KEY=value in a dotenv file, keeping its other lines. */
function setDotenv(file, key, value) {
  const lines = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n') : [];
  const kept = lines.filter((l) => l.trim() && !l.startsWith(`${key}=`));
  fs.writeFileSync(file, [...kept, `${key}=${value}`, ''].join('\n'));
}

function main(argv) {
  const args = [...argv];
  const take = (flag) => {
    const at = args.indexOf(flag);
    return at >= 0 ? args.splice(at, 2)[1] : undefined;
  };
  const prepareOnly = args.includes('--prepare-only');
  if (prepareOnly) args.splice(args.indexOf('--prepare-only'), 1);
  const dir = take('--out') ?? DEPLOY_DIR;
  const configFile = take('--config-out') ?? DEPLOY_CONFIG;
  const env = { ...loadEnv('production', process.cwd(), 'VITE_'), ...process.env };
  const project = take('--project') ?? env.VITE_FIREBASE_PROJECT_ID;
  const fail = (problems) => {
    console.error('\nDeploy refused:');
    for (const p of problems) console.error(`  - ${p}`);
    console.error('See docs/deploy-firebase.md (.env.production.local, step 7).\n');
    process.exit(1);
  };

  const settingsProblems = checkDeploySettings(env, project);
  let cspSettings;
  try {
    cspSettings = cspSettingsFromEnv(env);
  } catch (error) {
    settingsProblems.push(error.message);
  }
  if (settingsProblems.length) fail(settingsProblems);
  // The TTL policies the privacy notice relies on (issue 59): a deploy, not a preparation, needs
  // every one on the project.
  if (!prepareOnly) {
    const ttlProblems = checkTtlPolicies(project);
    if (ttlProblems.length) fail(ttlProblems);
  }

  console.log(`Building the Firebase build of ${project} into ${dir}/ ...`);
  // A fresh folder: nothing of an earlier build may ride along.
  fs.rmSync(dir, { recursive: true, force: true });
  execFileSync('npm', ['run', 'build', '--silent'], {
    stdio: 'inherit',
    env: { ...process.env, ...env, VITE_BACKEND: 'firebase', DIST_DIR: dir },
  });
  const buildProblems = checkDeployBuild(dir, { projectId: project });
  if (buildProblems.length) fail(buildProblems);

  // Every prerendered page's inline scripts (the privacy notice has none).
  const csp = contentSecurityPolicy(cspSettings, { scriptHashes: pageScriptHashes(dir) });
  const config = deployConfig(JSON.parse(fs.readFileSync('firebase.json', 'utf8')), {
    dir,
    csp,
    siteUrl: env.VITE_SITE_URL,
  });
  const configProblems = checkHostingConfig(
    { ...config, __dir: path.dirname(path.resolve(configFile)) },
    { dir, projectId: project },
  );
  if (configProblems.length) fail(configProblems);
  fs.writeFileSync(configFile, `${JSON.stringify(config, null, 2)}\n`);
  const functionsEnv = path.join('functions', `.env.${project}`);
  setDotenv(functionsEnv, 'SITE_ORIGIN', new URL(env.VITE_SITE_URL).origin);
  // The search app the console's 'Agregar al catálogo' writes to (functions/src/campus-index.ts;
  // its write key is the secret ALGOLIA_ADMIN_KEY).
  setDotenv(functionsEnv, 'ALGOLIA_APP_ID', env.VITE_ALGOLIA_APP_ID);
  console.log(
    `Wrote ${configFile} (CSP for ${project}) and ${functionsEnv} (SITE_ORIGIN, ALGOLIA_APP_ID).`,
  );
  console.log(`Content-Security-Policy: ${csp}`);
  if (prepareOnly) return;

  // firebase-tools takes the config file's folder for the project's root (rules, functions
  // source, hosting folder): --out and --config-out elsewhere are for tests, never for a deploy.
  if (path.dirname(path.resolve(configFile)) !== process.cwd()) {
    fail([
      `${configFile} must be in the project's folder to deploy (use --prepare-only elsewhere)`,
    ]);
  }
  const firebase = path.join('tools', 'firebase-cli', 'node_modules', '.bin', 'firebase');
  if (!fs.existsSync(firebase)) {
    execFileSync(
      'npm',
      ['ci', '--prefix', 'tools/firebase-cli', '--ignore-scripts', '--no-audit', '--no-fund'],
      {
        stdio: 'inherit',
      },
    );
  }
  execFileSync(firebase, ['deploy', '--config', configFile, '--project', project, ...args], {
    stdio: 'inherit',
    env: { ...process.env, DEPLOY_CONFIG: configFile },
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    console.error(error.message ?? error);
    process.exit(1);
  }
}
