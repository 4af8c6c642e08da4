// Started by scripts/dev/dev-firebase.sh inside `firebase emulators:exec`: the Firestore and Algolia
// stand-ins on the ports .env.emulators names, then Vite's dev server in the `emulators` mode.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

const alias = { '@': fileURLToPath(new URL('../../src', import.meta.url)) };
const load = async (path) =>
  (await runnerImport(path, { configFile: false, resolve: { alias } })).module;
const { FAKE_ALGOLIA_PORT, FAKE_FIRESTORE_PORT } = await load('./stand-ins/firebase-fake-ports.ts');
const { startFakeFirestore } = await load('./stand-ins/fake-firestore-server.ts');
const { startFakeAlgolia } = await load('./stand-ins/fake-algolia-server.ts');
const firestore = await startFakeFirestore(FAKE_FIRESTORE_PORT);
const algolia = await startFakeAlgolia(FAKE_ALGOLIA_PORT);
console.log(
  `Firestore stand-in on :${FAKE_FIRESTORE_PORT}, Algolia stand-in on :${FAKE_ALGOLIA_PORT}`,
);

const vite = spawn('npx', ['vite', '--mode', 'emulators', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
const stop = () => vite.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
vite.on('exit', async (code) => {
  await firestore.close();
  await algolia.close();
  process.exit(code ?? 0);
});
