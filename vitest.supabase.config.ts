import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Tests against PostgreSQL 15 and the Supabase stand-in; run by scripts/test/test-supabase.sh. */
export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: ['tests/supabase/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['tests/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
