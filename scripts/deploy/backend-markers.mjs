// What gives each backend away in a build: for the memory (demo) backend its console controls,
// its account chooser, its storage key; for the others their services' hosts and SDKs. Shared by
// the isolation check (scripts/test/check-backend-isolation.mjs) and the deploy guard
// (scripts/deploy/deploy-guard.mjs).
import fs from 'node:fs';
import path from 'node:path';

export const MEMORY_MARKERS = [
  '__memoryBackend',
  'Elige una cuenta',
  'de-estudiantes:memory-backend',
];

/** Each backend's markers: a build carries all of its own and none of the others'. */
export const BACKEND_MARKERS = {
  memory: MEMORY_MARKERS,
  firebase: ['identitytoolkit.googleapis.com', 'firestore.googleapis.com', 'algolianet.com'],
  supabase: ['GoTrueClient', 'auth/v1', 'rest/v1'],
};

/** The build's JavaScript and HTML files, relative to `dir` (assets/*.js, *.html). */
export function builtFiles(dir) {
  const assets = path.join(dir, 'assets');
  const js = fs.existsSync(assets)
    ? fs
        .readdirSync(assets)
        .filter((f) => f.endsWith('.js'))
        .map((f) => path.join('assets', f))
    : [];
  const html = fs.readdirSync(dir).filter((f) => f.endsWith('.html'));
  return [...js, ...html];
}

/** `file: marker` for every memory-backend marker found in the build at `dir`. */
export function markersIn(dir, markers = MEMORY_MARKERS) {
  return builtFiles(dir).flatMap((f) => {
    const code = fs.readFileSync(path.join(dir, f), 'utf8');
    return markers.filter((m) => code.includes(m)).map((m) => `${path.basename(f)}: ${m}`);
  });
}
