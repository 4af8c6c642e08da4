import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The memory build in WebKit and Firefox (tests/engines): run by scripts/test/engines.sh, which
 * serves dist/ and starts the engines. One engine at a time, one file: the scenarios of an engine
 * share its browser and run in order.
 */
export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: ['tests/engines/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
