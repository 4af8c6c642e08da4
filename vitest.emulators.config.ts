import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Tests against the Firebase emulators; run by scripts/test/test-firebase.sh under emulators:exec. */
export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: ['tests/firebase/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['tests/setup.ts'],
    // One emulator project: files run one after another.
    fileParallelism: false,
    testTimeout: 20_000,
  },
});
