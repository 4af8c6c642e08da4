/**
 * The backends a build can be made for (`VITE_BACKEND`): the one list that the build
 * (vite.config.ts), the types (`__BACKEND__`, src/env.d.ts), the loader (backend.ts), the
 * architecture test and the isolation check (scripts/test/check-backend-isolation.mjs) read.
 * Imports nothing: the build configuration and the scripts load it as it is.
 */
export const BACKENDS = ['memory', 'firebase', 'supabase'] as const;
export type BackendName = (typeof BACKENDS)[number];

/**
 * `VITE_BACKEND` as every reader reads it (the build, the site files, the deploy commands, the
 * bench): trimmed, in lower case, `unset` ('memory') when unset or blank; null when it names no
 * backend. A deploy command passes its own backend as `unset`: a blank value builds that one.
 */
export function backendOf(value: unknown, unset: BackendName = 'memory'): BackendName | null {
  if (value !== undefined && value !== null && typeof value !== 'string') return null;
  const name = (value ?? '').trim().toLowerCase() || unset;
  return (BACKENDS as readonly string[]).includes(name) ? (name as BackendName) : null;
}
