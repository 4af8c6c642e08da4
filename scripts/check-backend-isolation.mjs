// Run after npm run build. Builds the firebase and supabase variants and checks that no memory-backend code (its controls,
// its catalogue, its account chooser) reaches their bundles. Prints one line per backend.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { MEMORY_MARKERS as MARKERS, markersIn } from './backend-markers.mjs';

// The check can fail: the memory build (dist/, from npm run build) must contain every marker.
const own = markersIn('dist');
const missing = MARKERS.filter((m) => !own.some((h) => h.endsWith(`: ${m}`)));
console.log(`memory build: markers found ${MARKERS.length - missing.length}/${MARKERS.length}`);
let failed = missing.length > 0;
for (const backend of ['firebase', 'supabase']) {
  const outDir = `dist-${backend}`;
  execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--logLevel', 'error'], {
    stdio: 'inherit',
    // A real backend's production build needs the site's address (scripts/site-files.ts).
    env: {
      ...process.env,
      VITE_BACKEND: backend,
      VITE_SITE_URL: process.env.VITE_SITE_URL || 'https://deestudiantes.example',
    },
  });
  const hits = markersIn(outDir);
  console.log(
    `${backend} build: memory-backend markers: ${hits.length ? hits.join(', ') : 'none'}`,
  );
  failed ||= hits.length > 0;
  fs.rmSync(outDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
