/**
 * The backends a build can be made for (`VITE_BACKEND`): the one list that the build
 * (vite.config.ts), the types (`__BACKEND__`, src/env.d.ts), the loader (backend.ts), the
 * architecture test and the isolation check (scripts/test/check-backend-isolation.mjs) read.
 * Imports nothing: the build configuration and the scripts load it as it is.
 */
export const BACKENDS = ['memory', 'firebase', 'supabase'] as const;
export type BackendName = (typeof BACKENDS)[number];
