// Started by scripts/perf/bench-firebase.sh inside `firebase emulators:exec`: the Firestore and
// Algolia stand-ins (the hero function reads its consents from Firestore), then the bench of the
// Firebase build.
import { spawn } from 'node:child_process';
import { startFirebaseStandIns } from '../dev/firebase-stand-ins.mjs';

const closeStandIns = await startFirebaseStandIns();
const bench = spawn(
  'node',
  ['scripts/perf/bench.mjs', '--backend', 'firebase', ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
bench.on('exit', async (code) => {
  await closeStandIns();
  process.exit(code ?? 1);
});
