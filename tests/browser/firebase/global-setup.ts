import { startFakeAlgolia } from '../../../stand-ins/fake-algolia-server';
import { startFakeFirestore } from '../../../stand-ins/fake-firestore-server';
import { FAKE_ALGOLIA_PORT, FAKE_FIRESTORE_PORT } from '../../../stand-ins/firebase-fake-ports';

/** Starts the Firestore REST fake and the Algolia fake for the Firebase build; stops them after. */
export default async function globalSetup() {
  const firestore = await startFakeFirestore(FAKE_FIRESTORE_PORT);
  const algolia = await startFakeAlgolia(FAKE_ALGOLIA_PORT);
  return async () => {
    await firestore.close();
    await algolia.close();
  };
}
