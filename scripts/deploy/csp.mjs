// The hosting Content-Security-Policy, generated from the project's own settings (its VITE_*
// variables) and the built pages, so it names only our project's hosts: no other project's
// *.firebaseapp.com or *.cloudfunctions.net, no other Algolia application. scripts/deploy/deploy.mjs
// writes it into the deployed hosting config; the browser tests run the built pages under it.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Google sign-in's profile photo hosts. The function downloads photos from these only
 * (PHOTO_HOSTS in functions/src/hero-images.logic.ts; tests/tooling/deploy/csp.test.ts keeps the two equal).
 */
export const PHOTO_HOSTS = [
  'lh3.googleusercontent.com',
  'lh4.googleusercontent.com',
  'lh5.googleusercontent.com',
  'lh6.googleusercontent.com',
];

/** Where browsers send violation reports: a Hosting rewrite to the function `csp_report`. */
export const REPORT_PATH = '/csp-report';
/** The Reporting API endpoint's name (the `Reporting-Endpoints` header). */
export const REPORT_GROUP = 'csp-endpoint';

const SLUG = /^[a-z0-9][a-z0-9-]{2,62}$/;
const HOST = /^[a-z0-9.-]+\.[a-z]{2,}$/i;
const HOST_PORT = /^[\w.-]+:\d{1,5}$/;

const value = (env, name) => (typeof env[name] === 'string' ? env[name].trim() : '');

/**
 * The CSP's inputs from the VITE_* variables of a Firebase build. Throws an Error naming every
 * missing or malformed one (a policy built from a typo would block the page, or allow too much).
 */
export function cspSettingsFromEnv(env) {
  const problems = [];
  const need = (name, pattern, what) => {
    const v = value(env, name);
    if (!v) problems.push(`${name} is missing`);
    else if (pattern && !pattern.test(v)) problems.push(`${name} must be ${what}; got "${v}"`);
    return v;
  };
  const settings = {
    projectId: need('VITE_FIREBASE_PROJECT_ID', SLUG, 'a Firebase project id'),
    authDomain: need('VITE_FIREBASE_AUTH_DOMAIN', HOST, 'a host name'),
    functionsRegion: value(env, 'VITE_FIREBASE_FUNCTIONS_REGION') || 'us-central1',
    algoliaAppId: need('VITE_ALGOLIA_APP_ID', /^[A-Za-z0-9]{1,32}$/, 'an Algolia application id'),
  };
  if (!/^[a-z]+-[a-z]+\d+$/.test(settings.functionsRegion)) {
    problems.push(
      `VITE_FIREBASE_FUNCTIONS_REGION must be a region; got "${settings.functionsRegion}"`,
    );
  }
  if (value(env, 'VITE_FIREBASE_EMULATORS').toLowerCase() === 'true') {
    const emulator = (name, fallback) => {
      const v = value(env, name) || fallback;
      if (!HOST_PORT.test(v)) problems.push(`${name} must be host:port; got "${v}"`);
      return `http://${v}`;
    };
    settings.emulators = {
      auth: emulator('VITE_FIREBASE_AUTH_EMULATOR_HOST', '127.0.0.1:9099'),
      functions: emulator('VITE_FIREBASE_FUNCTIONS_EMULATOR_HOST', '127.0.0.1:5001'),
      firestore: emulator('VITE_FIRESTORE_EMULATOR_HOST', '127.0.0.1:8080'),
      algolia: value(env, 'VITE_ALGOLIA_HOST')
        ? new URL(value(env, 'VITE_ALGOLIA_HOST')).origin
        : '',
    };
  }
  if (problems.length) throw new Error(`Cannot build the CSP: ${problems.join('; ')}.`);
  return settings;
}

/**
 * The prerendered pages of the build at `dir`: every top-level .html file (index.html, 404.html,
 * then the others, such as aviso-de-privacidad.html), so that a page added later is covered
 * without a change here.
 */
export function builtPages(dir) {
  const first = ['index.html', '404.html'];
  const html = fs.readdirSync(dir).filter((f) => f.endsWith('.html'));
  return [
    ...first.filter((f) => html.includes(f)),
    ...html.filter((f) => !first.includes(f)).sort(),
  ];
}

/** The CSP sources of the inline scripts of every page of the build at `dir`, without repeats. */
export function pageScriptHashes(dir) {
  const hashes = builtPages(dir).flatMap((page) =>
    inlineScriptHashes(fs.readFileSync(path.join(dir, page), 'utf8')),
  );
  return [...new Set(hashes)];
}

/** The CSP source of each inline <script> of a page ('sha256-...'), in order. */
export function inlineScriptHashes(html) {
  return (
    [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
      // Data blocks (JSON, JSON-LD) are never run, so the policy need not allow them.
      .filter((m) => !/\btype="application\/(ld\+)?json"/.test(m[1]))
      .map((m) => [m[0], m[2]])
      .map(([, body]) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`)
  );
}

/**
 * The policy, one directive per entry (joined with '; ').
 * - scriptHashes: the inline scripts the built pages carry (inlineScriptHashes).
 * - report: send violations to REPORT_PATH (report-uri) and REPORT_GROUP (report-to); the
 *   deployed headers add `Reporting-Endpoints` (reportingEndpoints).
 */
export function contentSecurityPolicy(settings, { scriptHashes, report = true }) {
  if (!scriptHashes?.length) throw new Error('The CSP needs the hash of the pages’ inline loader.');
  const { projectId, authDomain, functionsRegion, algoliaAppId, emulators } = settings;
  const connect = [
    "'self'",
    'https://identitytoolkit.googleapis.com',
    'https://securetoken.googleapis.com',
    'https://firestore.googleapis.com',
    `https://${functionsRegion}-${projectId}.cloudfunctions.net`,
    `https://${algoliaAppId}-dsn.algolia.net`,
    `https://${algoliaAppId}.algolia.net`,
    `https://${algoliaAppId}-1.algolianet.com`,
    `https://${algoliaAppId}-2.algolianet.com`,
    `https://${algoliaAppId}-3.algolianet.com`,
  ];
  const frames = [`https://${authDomain}`];
  if (emulators) {
    connect.push(emulators.auth, emulators.functions, emulators.firestore);
    if (emulators.algolia) connect.push(emulators.algolia);
    frames.push(emulators.auth);
  }
  const directives = [
    "default-src 'self'",
    `script-src 'self' ${[...new Set(scriptHashes)].join(' ')} https://apis.google.com`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: ${PHOTO_HOSTS.map((h) => `https://${h}`).join(' ')}`,
    `connect-src ${connect.join(' ')}`,
    `frame-src ${frames.join(' ')}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  // An emulator build is served over http: upgrading would send its requests to https.
  if (!emulators) directives.push('upgrade-insecure-requests');
  if (report) directives.push(`report-uri ${REPORT_PATH}`, `report-to ${REPORT_GROUP}`);
  return directives.join('; ');
}

/** The `Reporting-Endpoints` header value for the site at `siteUrl` (https://..., absolute). */
export function reportingEndpoints(siteUrl) {
  const origin = new URL(siteUrl).origin;
  return `${REPORT_GROUP}="${origin}${REPORT_PATH}"`;
}
