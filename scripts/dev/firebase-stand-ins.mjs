// The Algolia stand-in of the tests, on the port .env.emulators names
// (stand-ins/firebase-fake-ports.ts): Algolia has no emulator, so the Firebase build searches
// colleges there offline, beside the Auth, Functions and Firestore emulators. Used by the dev
// server and the bench.
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

const alias = { '@': fileURLToPath(new URL('../../src', import.meta.url)) };
/** runnerImport sets NODE_ENV=development: put it back, or a build started later is a dev one. */
const load = async (path) => {
  const nodeEnv = process.env.NODE_ENV;
  try {
    return (await runnerImport(path, { configFile: false, resolve: { alias } })).module;
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
};

/** Starts the stand-in; resolves to a function that closes it. */
export async function startFirebaseStandIns() {
  const { FAKE_ALGOLIA_PORT } = await load('./stand-ins/firebase-fake-ports.ts');
  const { startFakeAlgolia } = await load('./stand-ins/fake-algolia-server.ts');
  const algolia = await startFakeAlgolia(FAKE_ALGOLIA_PORT);
  console.log(
    `Algolia stand-in on :${FAKE_ALGOLIA_PORT}; Firestore emulator at ${process.env.FIRESTORE_EMULATOR_HOST}`,
  );
  return () => algolia.close();
}
