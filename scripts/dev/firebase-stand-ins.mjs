// The Firestore REST stand-in and the Algolia stand-in of the tests, on the ports .env.emulators
// names (stand-ins/firebase-fake-ports.ts): what the Firebase build and its function talk to
// offline, beside the Auth and Functions emulators. Used by the dev server and the bench.
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

/** Starts both stand-ins; resolves to a function that closes them. */
export async function startFirebaseStandIns() {
  const { FAKE_ALGOLIA_PORT, FAKE_FIRESTORE_PORT } = await load(
    './stand-ins/firebase-fake-ports.ts',
  );
  const { startFakeFirestore } = await load('./stand-ins/fake-firestore-server.ts');
  const { startFakeAlgolia } = await load('./stand-ins/fake-algolia-server.ts');
  const firestore = await startFakeFirestore(FAKE_FIRESTORE_PORT);
  const algolia = await startFakeAlgolia(FAKE_ALGOLIA_PORT);
  console.log(
    `Firestore stand-in on :${FAKE_FIRESTORE_PORT}, Algolia stand-in on :${FAKE_ALGOLIA_PORT}`,
  );
  return async () => {
    await firestore.close();
    await algolia.close();
  };
}
