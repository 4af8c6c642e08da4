import type { ContainerModule } from 'inversify';
import { requireEnv } from './config-error';

export const FIREBASE_ENV = [
  'VITE_FIREBASE_API_KEY',
  'VITE_FIREBASE_AUTH_DOMAIN',
  'VITE_FIREBASE_PROJECT_ID',
  'VITE_FIREBASE_APP_ID',
  'VITE_ALGOLIA_APP_ID',
  'VITE_ALGOLIA_SEARCH_KEY',
] as const;

/** Production backend (Firebase + Algolia). Its adapters are tracked in issue 5. */
export function createFirebaseModule(env: Readonly<Record<string, unknown>>): ContainerModule {
  requireEnv('firebase', env, FIREBASE_ENV);
  throw new Error(
    'The firebase backend adapters are not built yet (issue 5); use VITE_BACKEND=memory.',
  );
}
