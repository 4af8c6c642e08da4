// Started by scripts/perf/bench-firebase.sh inside `firebase emulators:exec` (with the Firestore
// emulator, where the hero function reads its consents): the Algolia stand-in, then the bench of
// the Firebase build.
import { spawn } from 'node:child_process';
import { startFirebaseStandIns } from '../dev/firebase-stand-ins.mjs';
import { ancestorRunning, lowerBackendPriority } from './backend-priority.mjs';

const closeStandIns = await startFirebaseStandIns();

// The hero function's first call starts the emulator's worker for it: about a second of the
// emulator's CPU, on the two cores the measured browser runs on, in the middle of the first
// run's start-up. A deployed function starts on Google's servers, never on the phone, so the
// worker is started before Lighthouse measures, with the call the page makes. That call also
// fills the function's cache of the images (a few minutes), which served every run but the
// first before too.
const project = process.env.GCLOUD_PROJECT ?? 'demo-estudiantes';
const hero = `http://127.0.0.1:5001/${project}/us-central1/get_hero_profile_images`;
const started = performance.now();
const warm = await fetch(hero, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json', Origin: 'http://127.0.0.1:4199' },
  body: JSON.stringify({ data: null }),
}).then(
  (response) => `${response.status}`,
  (error) => `failed (${error.message})`,
);
console.log(
  `hero function started before measuring: ${warm} in ${Math.round(performance.now() - started)} ms`,
);

const bench = spawn(
  'node',
  ['scripts/perf/bench.mjs', '--backend', 'firebase', ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
// The emulators (the CLI that runs this script, and the function workers it starts) and this
// process's stand-ins, at the lowest priority; the bench, Lighthouse and the browser spared.
const cli = ancestorRunning(/emulators:exec/) ?? process.pid;
console.log(
  `backend at nice 19 while measuring: ${lowerBackendPriority(cli, { spare: [bench.pid] })} processes (scripts/perf/backend-priority.mjs)`,
);
bench.on('exit', async (code) => {
  await closeStandIns();
  process.exit(code ?? 1);
});
