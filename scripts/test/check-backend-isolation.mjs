// Run after npm run build. Builds the firebase and supabase variants and checks that each build
// carries its own backend's code and no other's: no memory-backend code (its controls, its
// catalogue, its account chooser) outside the memory build, no Firebase or Algolia code outside
// the firebase build, no Supabase code outside the supabase build. Prints one line per backend.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { BACKEND_MARKERS as MARKERS, markersIn } from '../deploy/backend-markers.mjs';

import { runnerImport } from 'vite';

// The one list of backends (src/composition/backends.ts); every one needs its markers.
const { module: list } = await runnerImport('./src/composition/backends.ts', { configFile: false });
const BACKENDS = list.BACKENDS;
const unmarked = BACKENDS.filter((b) => !MARKERS[b]?.length);
if (unmarked.length) {
  console.error(`No markers in scripts/deploy/backend-markers.mjs for: ${unmarked.join(', ')}`);
  process.exit(1);
}

let failed = false;
for (const backend of BACKENDS) {
  // The memory build is dist/ (npm run build); the others are built here and removed after.
  const outDir = backend === 'memory' ? 'dist' : `dist-${backend}`;
  if (backend !== 'memory') {
    execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--logLevel', 'error'], {
      stdio: 'inherit',
      // A real backend's production build needs the site's address (scripts/build/site-files.ts).
      env: {
        ...process.env,
        VITE_BACKEND: backend,
        VITE_SITE_URL: process.env.VITE_SITE_URL || 'https://deestudiantes.example',
        // ... and, on its real services, the privacy notice's settings (sample values here).
        VITE_PRIVACY_RESPONSIBLE: process.env.VITE_PRIVACY_RESPONSIBLE || 'Responsable de ejemplo',
        VITE_PRIVACY_ADDRESS: process.env.VITE_PRIVACY_ADDRESS || 'Domicilio de ejemplo',
        VITE_PRIVACY_EMAIL: process.env.VITE_PRIVACY_EMAIL || 'privacidad@deestudiantes.example',
        VITE_PRIVACY_UPDATED: process.env.VITE_PRIVACY_UPDATED || '2026-01-01',
        VITE_PRIVACY_MAIL_PROVIDER:
          process.env.VITE_PRIVACY_MAIL_PROVIDER || 'Proveedor de correo de ejemplo',
      },
    });
  }
  // The check can fail: every build must contain each of its own markers.
  const own = markersIn(outDir, MARKERS[backend]);
  const missing = MARKERS[backend].filter((m) => !own.some((h) => h.endsWith(`: ${m}`)));
  const foreign = BACKENDS.filter((b) => b !== backend).flatMap((b) =>
    markersIn(outDir, MARKERS[b]),
  );
  console.log(
    `${backend} build: own markers ${MARKERS[backend].length - missing.length}/${MARKERS[backend].length}; ` +
      `other backends' markers: ${foreign.length ? foreign.join(', ') : 'none'}`,
  );
  failed ||= missing.length > 0 || foreign.length > 0;
  if (backend !== 'memory') fs.rmSync(outDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
