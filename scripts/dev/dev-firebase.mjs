// Started by scripts/dev/dev-firebase.sh inside `firebase emulators:exec`: the Algolia stand-in on
// the port .env.emulators names, then Vite's dev server in the `emulators` mode (pointed at the
// Firestore emulator by VITE_FIRESTORE_EMULATOR_HOST).
import { spawn } from 'node:child_process';
import { startFirebaseStandIns } from './firebase-stand-ins.mjs';

const closeStandIns = await startFirebaseStandIns();
const vite = spawn('npx', ['vite', '--mode', 'emulators', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
const stop = () => vite.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
vite.on('exit', async (code) => {
  await closeStandIns();
  process.exit(code ?? 0);
});
