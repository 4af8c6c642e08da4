// The hosting headers of the Supabase build, with the Content-Security-Policy naming the project:
//
//   node scripts/deploy/supabase-headers.mjs https://<project-ref>.supabase.co > dist/_headers
//
// Prints a `_headers` file (the format of Netlify and Cloudflare Pages; docs/deploy-supabase.md
// shows where each header goes on other hosts). Made from firebase.json's headers and the loader's
// hash (scripts/deploy/csp.mjs), so both builds keep the same locked-down directives. Only the origins
// differ: the page talks to the project's URL instead of Google's and Algolia's APIs.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { inlineScriptHashes } from './csp.mjs';
import { LOADER } from '../build/loader.mjs';

const hosting = JSON.parse(
  fs.readFileSync(new URL('../../firebase.json', import.meta.url), 'utf8'),
).hosting;
const headersOf = (source) =>
  hosting.headers.find((h) => h.source === source)?.headers.map((h) => [h.key, h.value]) ?? [];

/** The Content-Security-Policy of the Supabase build for a project URL. */
export function supabaseCsp(projectUrl) {
  const url = new URL(projectUrl);
  if (url.protocol !== 'https:') throw new Error(`The project URL must be https: ${projectUrl}`);
  // The pages' one inline script is the loader: its SHA-256, as scripts/deploy/csp.mjs computes it for
  // the Firebase build.
  const [loaderHash] = inlineScriptHashes(LOADER);
  if (!loaderHash) throw new Error('The loader has no inline script to allow');
  return [
    "default-src 'self'",
    `script-src 'self' ${loaderHash}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https://lh3.googleusercontent.com",
    `connect-src 'self' ${url.origin}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    'upgrade-insecure-requests',
  ].join('; ');
}

/** The whole `_headers` file: security headers on every path, caching as firebase.json has it. */
export function supabaseHostingHeaders(projectUrl) {
  const all = [
    ['Content-Security-Policy', supabaseCsp(projectUrl)],
    ...headersOf('**').filter(([k]) => k !== 'Content-Security-Policy'),
  ];
  const block = (path, headers) => [path, ...headers.map(([k, v]) => `  ${k}: ${v}`)].join('\n');
  return [
    block('/*', all),
    block('/assets/*', headersOf('/assets/**')),
    block('/auth/*', [['Cache-Control', 'no-cache']]),
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
  process.stdout.write(supabaseHostingHeaders(projectUrl));
}
