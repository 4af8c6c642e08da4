import { defineConfig, mergeConfig, type UserConfig } from 'vite';
import base from './vite.config.ts';

/**
 * The operator console's build (issue 61): `operador.html` and its entry (src/operator-main.tsx)
 * built on their own, after the site's build, into the same folder. A second input of the site's
 * build would split the modules the two pages share (React, the composition root) into chunks of
 * their own, and the landing page would load seven files instead of one; built apart, the site's
 * files are byte for byte what they were and the console carries its own copy of what it uses.
 * `npm run dev` needs nothing of this: it serves `/operador` from operador.html.
 */
export default defineConfig((env) =>
  mergeConfig(base(env) as UserConfig, {
    build: { emptyOutDir: false, rollupOptions: { input: 'operador.html' } },
  }),
);
