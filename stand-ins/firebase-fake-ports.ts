/** Fixed ports of the local fakes, baked into the Firebase e2e build (scripts/test/test-firebase.sh). */
export const FAKE_FIRESTORE_PORT = 8181;
export const FAKE_ALGOLIA_PORT = 8282;
