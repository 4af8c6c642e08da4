// Run after npm run build. Builds the firebase and supabase variants and checks that each build
// carries its own backend's code and no other's: no memory-backend code (its controls, its
// catalogue, its account chooser) outside the memory build, no Firebase or Algolia code outside
// the firebase build, no Supabase code outside the supabase build. Prints one line per backend.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const MARKERS = {
  memory: ['__memoryBackend', 'Elige una cuenta', 'de-estudiantes:memory-backend'],
  firebase: ['identitytoolkit.googleapis.com', 'firestore.googleapis.com', 'algolianet.com'],
  supabase: ['GoTrueClient', 'auth/v1', 'rest/v1'],
};
const BACKENDS = Object.keys(MARKERS);

const codeOf = (dir) =>
  fs
    .readdirSync(path.join(dir, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => [f, fs.readFileSync(path.join(dir, 'assets', f), 'utf8')]);
const hits = (files, markers) =>
  files.flatMap(([f, code]) => markers.filter((m) => code.includes(m)).map((m) => `${f}: ${m}`));

let failed = false;
for (const backend of BACKENDS) {
  // The memory build is dist/ (npm run build); the others are built here and removed after.
  const outDir = backend === 'memory' ? 'dist' : `dist-${backend}`;
  if (backend !== 'memory') {
    execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--logLevel', 'error'], {
      stdio: 'inherit',
      env: { ...process.env, VITE_BACKEND: backend },
    });
  }
  const files = codeOf(outDir);
  // The check can fail: every build must contain each of its own markers.
  const own = hits(files, MARKERS[backend]);
  const missing = MARKERS[backend].filter((m) => !own.some((h) => h.endsWith(`: ${m}`)));
  const foreign = BACKENDS.filter((b) => b !== backend).flatMap((b) => hits(files, MARKERS[b]));
  console.log(
    `${backend} build: own markers ${MARKERS[backend].length - missing.length}/${MARKERS[backend].length}; ` +
      `other backends' markers: ${foreign.length ? foreign.join(', ') : 'none'}`,
  );
  failed ||= missing.length > 0 || foreign.length > 0;
  if (backend !== 'memory') fs.rmSync(outDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
