/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { brotliPreview } from './scripts/build/brotli-preview.ts';
import { compileHints } from './scripts/build/compile-hints.ts';
import { notFoundPreview } from './scripts/build/not-found-preview.ts';
import { BACKENDS, backendOf } from './src/composition/backends.ts';
import { siteFiles } from './scripts/build/site-files.ts';

export default defineConfig(({ mode }) => {
  const env = { ...loadEnv(mode, process.cwd(), 'VITE_'), ...process.env };
  const backend = backendOf(env.VITE_BACKEND);
  if (!backend) {
    throw new Error(
      `VITE_BACKEND must be one of ${BACKENDS.join(', ')}; got "${env.VITE_BACKEND}"`,
    );
  }
  return {
    plugins: [
      react(),
      tailwindcss(),
      compileHints(),
      brotliPreview(),
      notFoundPreview(),
      siteFiles(),
    ],
    resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
    define: { __BACKEND__: JSON.stringify(backend) },
    // DIST_DIR lets one checkout hold the memory build (dist) and another backend's build.
    build: {
      target: 'es2022',
      modulePreload: { polyfill: false },
      outDir: process.env.DIST_DIR ?? 'dist',
    },
    test: {
      include: ['tests/{app,tooling,function}/**/*.test.{ts,tsx}'],
      environment: 'node',
      setupFiles: ['tests/setup.ts'],
      // Property tests run FC_RUNS cases (1000 by default): their time limit grows with the count,
      // so `FC_RUNS=10000 npx vitest run` gets ten times the 20 s a default run gets (room for a
      // busy 2-core CI machine; vitest's own default is 5 s).
      testTimeout: 20_000 * Math.max(1, Number(process.env.FC_RUNS ?? 1000) / 1000),
    },
  };
});
