import { startFakeAlgolia } from '../../../stand-ins/fake-algolia-server';
import { FAKE_ALGOLIA_PORT } from '../../../stand-ins/firebase-fake-ports';
import { db } from '../../support/firestore-admin';

/**
 * Empties the real Firestore emulator (FIRESTORE_EMULATOR_HOST, which the build was pointed at by
 * scripts/test/test-firebase.sh) and starts the Algolia stand-in (Algolia has no emulator).
 */
export default async function globalSetup() {
  if (!process.env.FIRESTORE_EMULATOR_HOST) {
    throw new Error(
      'FIRESTORE_EMULATOR_HOST is not set: the Firebase build’s browser tests need a Firestore ' +
        'emulator (npm run test:firebase starts one).',
    );
  }
  await db.clear();
  const algolia = await startFakeAlgolia(FAKE_ALGOLIA_PORT);
  return async () => {
    await algolia.close();
  };
}
