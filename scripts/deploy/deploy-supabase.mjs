// The Supabase backend's one deploy path (docs/deploy-supabase.md, step 7), the twin of
// `npm run deploy` for Firebase:
//
//   npm run deploy:supabase                 # build, guard, write the headers, say what to upload
//   npm run deploy:supabase -- --check DIR  # only the guard, on a build folder (exit 1: refused)
//
// 1. Reads the production settings (.env.production.local, then the environment) and refuses
//    anything but the Supabase backend of a real project: an https project URL that is not the
//    local stand-in, its anon key, the site's https address, the privacy notice's settings, and
//    CSP_REPORT_URL, where browsers send Content-Security-Policy violations.
// 2. Builds it into dist-supabase-deploy/ (never dist/, where `npm test` leaves the memory build).
// 3. Guards the build: no trace of the memory backend, no privacy placeholders, the backend and
//    the project URL the build inlined are the ones checked (a stand-in build is refused).
// 4. Writes dist-supabase-deploy/_headers: the CSP for this project (the loader's hash, Google's
//    photo hosts, the project's URL), with violation reporting, and the other security headers.
// Static hosts read _headers (Netlify, Cloudflare Pages); the guide says where they go elsewhere.
import { backendOf } from '../../src/composition/backends.ts';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadEnv } from 'vite';
import { builtCode, checkProductionPages, inlinedEnv, isOn } from './deploy-guard.mjs';
import { supabaseHostingHeaders } from './supabase-headers.mjs';

export const SUPABASE_DEPLOY_DIR = 'dist-supabase-deploy';
export const SUPABASE_ENV = [
  'VITE_SUPABASE_URL',
  'VITE_SUPABASE_ANON_KEY',
  'VITE_SITE_URL',
  // The privacy notice's settings (PRIVACY_ENV in src/ui/privacy/privacy-notice-settings.ts).
  'VITE_PRIVACY_RESPONSIBLE',
  'VITE_PRIVACY_ADDRESS',
  'VITE_PRIVACY_EMAIL',
  'VITE_PRIVACY_UPDATED',
  'VITE_PRIVACY_MAIL_PROVIDER',
  'CSP_REPORT_URL',
];

const LOOPBACK = /^(localhost|127(\.\d+){3}|\[::1\]|0\.0\.0\.0)$/i;

/** What is wrong with a real project's address (https, not this machine); empty when fine. */
function projectUrlProblems(name, value) {
  let url;
  try {
    url = new URL(String(value ?? '').trim());
  } catch {
    return [`${name} must be an https URL; got "${value ?? ''}"`];
  }
  const problems = [];
  if (url.protocol !== 'https:') problems.push(`${name} must be https; got "${value}"`);
  if (LOOPBACK.test(url.hostname)) {
    problems.push(`${name} is this machine (${url.host}): the local stand-in, not a project`);
  }
  return problems;
}

/** What keeps these settings from a production deploy; empty when they may go. */
export function checkSupabaseDeploySettings(env) {
  const problems = SUPABASE_ENV.filter((name) => !String(env[name] ?? '').trim()).map(
    (name) => `${name} is missing`,
  );
  if (backendOf(env.VITE_BACKEND, 'supabase') !== 'supabase') {
    problems.push(`VITE_BACKEND is ${env.VITE_BACKEND}: this command deploys the supabase backend`);
  }
  if (isOn(env.VITE_FIREBASE_EMULATORS)) {
    problems.push('VITE_FIREBASE_EMULATORS is on: a build for the local emulators');
  }
  for (const name of ['VITE_SUPABASE_URL', 'VITE_SITE_URL', 'CSP_REPORT_URL']) {
    if (String(env[name] ?? '').trim()) problems.push(...projectUrlProblems(name, env[name]));
  }
  return problems;
}

/**
 * What keeps the build at `dir` from being deployed as the Supabase build of `projectUrl`; empty
 * when it may go. Refused: anything checkProductionPages refuses (the memory build that
 * `npm test` leaves in dist/ among them), another backend, another project, the stand-in.
 */
export function checkSupabaseDeployBuild(dir, { projectUrl }) {
  const problems = checkProductionPages(dir);
  if (!fs.existsSync(path.join(dir, 'index.html'))) return problems;
  const code = builtCode(dir);
  const backend = inlinedEnv(code, 'VITE_BACKEND');
  if (backend?.trim().toLowerCase() !== 'supabase') {
    problems.push(`the build's backend is ${backend ?? 'memory (the default)'}, not supabase`);
  }
  const builtFor = inlinedEnv(code, 'VITE_SUPABASE_URL');
  if (builtFor === undefined) problems.push('the build names no Supabase project');
  else {
    problems.push(...projectUrlProblems("the build's VITE_SUPABASE_URL", builtFor));
    if (projectUrl && builtFor.trim() !== String(projectUrl).trim()) {
      problems.push(`the build is for ${builtFor}, not ${projectUrl}`);
    }
  }
  return problems;
}

function refuse(problems) {
  console.error('\nDeploy refused (scripts/deploy/deploy-supabase.mjs):');
  for (const p of problems) console.error(`  - ${p}`);
  console.error('See docs/deploy-supabase.md (.env.production.local, step 7).\n');
  process.exit(1);
}

function main(argv) {
  const env = { ...loadEnv('production', process.cwd(), ''), ...process.env };
  const checkAt = argv.indexOf('--check');
  if (checkAt >= 0) {
    const dir = argv[checkAt + 1];
    if (!dir) refuse(['--check needs a build folder']);
    const problems = checkSupabaseDeployBuild(dir, { projectUrl: env.VITE_SUPABASE_URL });
    if (problems.length) refuse(problems);
    console.log(`${dir} may be deployed as the Supabase build of ${env.VITE_SUPABASE_URL}.`);
    return;
  }
  const outAt = argv.indexOf('--out');
  const dir = outAt >= 0 ? argv[outAt + 1] : SUPABASE_DEPLOY_DIR;
  const settingsProblems = checkSupabaseDeploySettings(env);
  if (settingsProblems.length) refuse(settingsProblems);
  const projectUrl = env.VITE_SUPABASE_URL.trim();

  console.log(`Building the Supabase build of ${projectUrl} into ${dir}/ ...`);
  fs.rmSync(dir, { recursive: true, force: true }); // nothing of an earlier build rides along
  execFileSync('npm', ['run', 'build', '--silent'], {
    stdio: 'inherit',
    env: { ...process.env, ...env, VITE_BACKEND: 'supabase', DIST_DIR: dir },
  });
  const problems = checkSupabaseDeployBuild(dir, { projectUrl });
  if (problems.length) refuse(problems);
  const headers = supabaseHostingHeaders(projectUrl, { reportUrl: env.CSP_REPORT_URL.trim() });
  fs.writeFileSync(path.join(dir, '_headers'), headers);
  console.log(`\nWrote ${dir}/_headers (the CSP for ${projectUrl}, reporting violations).`);
  console.log(
    `Upload ${dir}/ as it is to the static host (docs/deploy-supabase.md, step 7); ` +
      'never dist/, which holds the demo build.',
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    console.error(error.message ?? error);
    process.exit(1);
  }
}
