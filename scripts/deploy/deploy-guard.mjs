// The deploy guard: nothing but the production (Firebase) build of our project, with the CSP
// generated for it, may reach Firebase Hosting.
//
// As a module, `checkDeployBuild(dir, { projectId })` lists what is wrong with a build folder.
// As a script it is firebase.json's hosting `predeploy` (firebase-tools runs it with
// GCLOUD_PROJECT and RESOURCE_DIR, the hosting folder, in its environment): it refuses the deploy
// unless it was started by `npm run deploy` (scripts/deploy/deploy.mjs, which sets DEPLOY_CONFIG to the
// hosting config it generated) and the folder passes the check. A plain `firebase deploy` of
// hosting therefore never ships anything.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtFiles, markersIn } from './backend-markers.mjs';
import { builtPages, inlineScriptHashes } from './csp.mjs';

/** The privacy notice's file, and the text every development placeholder of it carries. */
export const PRIVACY_NOTICE_FILE = 'aviso-de-privacidad.html';
export const PRIVACY_PLACEHOLDER_MARK = 'configura VITE_PRIVACY_';

/**
 * The value a build inlined for a VITE_* variable: src/composition/backend.ts names each one the
 * backend reads (and VITE_BACKEND) in an object, which Vite writes as `NAME:"value"`.
 */
export function inlinedEnv(code, name) {
  const found = new RegExp(`\\b${name}:\\s*[\`"']([^\`"']*)[\`"']`).exec(code);
  return found ? found[1] : undefined;
}

/**
 * Whether a flag's value turns it on, read as leniently as anything might read it: padded or in
 * another case ('true ', 'TRUE') is on. A guard that read it strictly let `"true "` through while
 * the app, which trims, talked to the emulators.
 */
export const isOn = (value) =>
  String(value ?? '')
    .trim()
    .toLowerCase() === 'true';

/** The code of a build's scripts, as one text. */
export const builtCode = (dir) =>
  builtFiles(dir)
    .filter((f) => f.endsWith('.js'))
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
    .join('\n');

/**
 * What keeps any build from being deployed, whatever its backend: not a prerendered build, a
 * trace of the memory backend, or a privacy notice with development placeholders.
 */
export function checkProductionPages(dir) {
  if (!fs.existsSync(path.join(dir, 'index.html')) || !fs.existsSync(path.join(dir, '404.html'))) {
    return [`${dir} is not a prerendered build (index.html and 404.html are missing)`];
  }
  const problems = markersIn(dir).map((hit) => `memory (demo) backend in the build: ${hit}`);
  // The privacy notice must be there, with its real settings (no development placeholder).
  const notice = path.join(dir, PRIVACY_NOTICE_FILE);
  if (!fs.existsSync(notice)) {
    problems.push(`the privacy notice ${PRIVACY_NOTICE_FILE} is missing from the build`);
  } else if (fs.readFileSync(notice, 'utf8').includes(PRIVACY_PLACEHOLDER_MARK)) {
    problems.push(
      `${PRIVACY_NOTICE_FILE} shows placeholders: set the VITE_PRIVACY_* variables (.env.example)`,
    );
  }
  return problems;
}

/**
 * What keeps the build at `dir` from being deployed to `projectId`; empty when it may go.
 * Refused: a missing or incomplete build; any trace of the memory backend (its controls, its
 * account chooser, its storage key); a build of another backend, of another project, or pointed
 * at the emulators or a local search host.
 */
export function checkDeployBuild(dir, { projectId }) {
  const problems = checkProductionPages(dir);
  if (!fs.existsSync(path.join(dir, 'index.html'))) return problems;
  const code = builtCode(dir);
  const backend = inlinedEnv(code, 'VITE_BACKEND');
  if (backend !== 'firebase') {
    problems.push(`the build's backend is ${backend ?? 'memory (the default)'}, not firebase`);
  }
  const builtFor = inlinedEnv(code, 'VITE_FIREBASE_PROJECT_ID');
  if (builtFor !== projectId) {
    problems.push(
      `the build is for Firebase project ${builtFor ?? '(none)'}, not ${projectId ?? '(none)'}`,
    );
  }
  if (isOn(inlinedEnv(code, 'VITE_FIREBASE_EMULATORS'))) {
    problems.push('the build points at the local emulators (VITE_FIREBASE_EMULATORS=true)');
  }
  if (inlinedEnv(code, 'VITE_ALGOLIA_HOST')) {
    problems.push(`the build searches a local host (VITE_ALGOLIA_HOST)`);
  }
  return problems;
}

/**
 * What is wrong with the hosting config `config` (parsed) for the build at `dir` and the project:
 * it must serve that folder, with a CSP that allows the pages' inline scripts by hash, names the
 * project's own function host and no wildcard host, and reports violations.
 */
export function checkHostingConfig(config, { dir, projectId }) {
  const hosting = config?.hosting;
  if (!hosting) return ['the config has no hosting section'];
  const problems = [];
  const configDir = config.__dir ?? '.';
  if (path.resolve(configDir, hosting.public ?? '') !== path.resolve(dir)) {
    problems.push(`hosting.public is ${hosting.public}, not the checked build ${dir}`);
  }
  const headers = (hosting.headers ?? []).flatMap((h) => h.headers ?? []);
  const csp = headers.find((h) => h.key === 'Content-Security-Policy')?.value;
  if (!csp) return [...problems, 'the config has no Content-Security-Policy header'];
  if (/(^|\s)(https?:\/\/)?\*/.test(csp)) problems.push('the CSP allows a wildcard host');
  if (!csp.includes(`-${projectId}.cloudfunctions.net`)) {
    problems.push(`the CSP does not name project ${projectId}'s functions host`);
  }
  for (const page of fs.existsSync(dir) ? builtPages(dir) : []) {
    const file = path.join(dir, page);
    for (const hash of inlineScriptHashes(fs.readFileSync(file, 'utf8'))) {
      if (!csp.includes(hash))
        problems.push(`the CSP does not allow ${page}'s inline script ${hash}`);
    }
  }
  if (!/report-uri \S+/.test(csp) || !/report-to \S+/.test(csp)) {
    problems.push('the CSP does not report violations (report-uri, report-to)');
  }
  if (!headers.some((h) => h.key === 'Reporting-Endpoints')) {
    problems.push('the config has no Reporting-Endpoints header');
  }
  return problems;
}

function refuse(problems) {
  console.error('\nDeploy refused (scripts/deploy/deploy-guard.mjs):');
  for (const p of problems) console.error(`  - ${p}`);
  console.error(
    'Deploy with `npm run deploy -- --project <id>` (docs/deploy-firebase.md, step 7).\n',
  );
  process.exit(1);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const projectId = process.env.GCLOUD_PROJECT;
  const dir = process.env.RESOURCE_DIR ?? process.argv[2];
  const configFile = process.env.DEPLOY_CONFIG;
  if (!configFile || !fs.existsSync(configFile)) {
    refuse([
      'this deploy was not started by `npm run deploy`: the hosting folder would not be the ' +
        "production build checked here, and the CSP would not name the project's hosts",
    ]);
  }
  const config = JSON.parse(fs.readFileSync(configFile, 'utf8'));
  config.__dir = path.dirname(path.resolve(configFile));
  const problems = [
    ...checkDeployBuild(dir, { projectId }),
    ...checkHostingConfig(config, { dir, projectId }),
  ];
  if (problems.length) refuse(problems);
  console.log(
    `deploy guard: ${path.relative('.', dir) || dir} is the Firebase build of ${projectId}.`,
  );
}
