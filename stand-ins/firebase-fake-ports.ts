/** Fixed port of the Algolia stand-in, baked into the Firebase e2e build (.env.emulators). */
export const FAKE_ALGOLIA_PORT = 8282;
