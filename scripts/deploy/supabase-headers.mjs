// The hosting headers of the Supabase build, with the Content-Security-Policy naming the project:
//
//   node scripts/deploy/supabase-headers.mjs https://<project-ref>.supabase.co [REPORT_URL]
//
// `npm run deploy:supabase` (scripts/deploy/deploy-supabase.mjs) writes it into the deployed
// build itself, with violation reporting; this prints it, for a host configured by hand.
// Prints a `_headers` file (the format of Netlify and Cloudflare Pages; docs/deploy-supabase.md
// shows where each header goes on other hosts). Made from firebase.json's headers and the loader's
// hashes (scripts/deploy/csp.mjs), so both builds keep the same locked-down directives. Only the origins
// differ: the page talks to the project's URL instead of Google's and Algolia's APIs.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { inlineScriptHashes, PHOTO_HOSTS, REPORT_GROUP } from './csp.mjs';
import { LOADER, SECTION_STYLES } from '../build/loader.mjs';

const hosting = JSON.parse(
  fs.readFileSync(new URL('../../firebase.json', import.meta.url), 'utf8'),
).hosting;
/** firebase.json's rule for the operator console's page, and the paths a static host serves it at. */
const OPERATOR_HEADERS_SOURCE = '/operador{,.html}';
const OPERATOR_PATHS = ['/operador', '/operador.html'];
const headersOf = (source) =>
  hosting.headers.find((h) => h.source === source)?.headers.map((h) => [h.key, h.value]) ?? [];

/**
 * The Content-Security-Policy of the Supabase build for a project URL; with `reportUrl` (an https
 * address that collects reports), violations are reported there (`report-uri`, `report-to`).
 */
export function supabaseCsp(projectUrl, { reportUrl } = {}) {
  const url = new URL(projectUrl);
  if (url.protocol !== 'https:') throw new Error(`The project URL must be https: ${projectUrl}`);
  // The pages' inline scripts are the loader's two: their SHA-256, as scripts/deploy/csp.mjs
  // computes them for the Firebase build.
  const loaderHashes = inlineScriptHashes(SECTION_STYLES + LOADER);
  if (loaderHashes.length !== 2) throw new Error('The loader has no inline scripts to allow');
  return [
    "default-src 'self'",
    `script-src 'self' ${loaderHashes.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: ${PHOTO_HOSTS.map((h) => `https://${h}`).join(' ')}`,
    `connect-src 'self' ${url.origin}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    'upgrade-insecure-requests',
    ...(reportUrl ? [`report-uri ${reportTarget(reportUrl)}`, `report-to ${REPORT_GROUP}`] : []),
  ].join('; ');
}

/** The report collector's address: https only. */
function reportTarget(reportUrl) {
  const url = new URL(reportUrl);
  if (url.protocol !== 'https:') throw new Error(`The CSP report URL must be https: ${reportUrl}`);
  return url.href;
}

/** The whole `_headers` file: security headers on every path, caching as firebase.json has it. */
export function supabaseHostingHeaders(projectUrl, { reportUrl } = {}) {
  const all = [
    ['Content-Security-Policy', supabaseCsp(projectUrl, { reportUrl })],
    ...(reportUrl ? [['Reporting-Endpoints', `${REPORT_GROUP}="${reportTarget(reportUrl)}"`]] : []),
    ...headersOf('**').filter(([k]) => k !== 'Content-Security-Policy'),
  ];
  const block = (path, headers) => [path, ...headers.map(([k, v]) => `  ${k}: ${v}`)].join('\n');
  return [
    block('/*', all),
    block('/assets/*', headersOf('/assets/**')),
    block('/auth/*', [['Cache-Control', 'no-cache']]),
    // The operator console (issue 61) is never indexed: its page says so, and so does its header.
    ...OPERATOR_PATHS.map((p) => block(p, headersOf(OPERATOR_HEADERS_SOURCE))),
    '',
  ].join('\n\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const projectUrl = process.argv[2] ?? process.env.VITE_SUPABASE_URL;
  if (!projectUrl) {
    console.error(
      'Usage: node scripts/deploy/supabase-headers.mjs https://<project-ref>.supabase.co',
    );
    process.exit(2);
  }
  const reportUrl = process.argv[3] ?? process.env.CSP_REPORT_URL;
  process.stdout.write(supabaseHostingHeaders(projectUrl, reportUrl ? { reportUrl } : {}));
}
