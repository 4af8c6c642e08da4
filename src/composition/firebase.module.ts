import { ContainerModule } from 'inversify';
import { createAlgoliaCollegeSearch } from '@/adapters/algolia/algolia-college-search.adapter';
import { createFirebaseBackend } from '@/adapters/firebase/firebase-backend';
import type { EmulatorHost, FirebaseSettings } from '@/adapters/firebase/firebase-settings';
import { ConfigError, requireEnv } from './config-error';
import { bindBackend } from './tokens';

/** Required public configuration of the production backend (see .env.example). */
export const FIREBASE_ENV = [
  'VITE_FIREBASE_API_KEY',
  'VITE_FIREBASE_AUTH_DOMAIN',
  'VITE_FIREBASE_PROJECT_ID',
  'VITE_FIREBASE_APP_ID',
  'VITE_ALGOLIA_APP_ID',
  'VITE_ALGOLIA_SEARCH_KEY',
] as const;

/** Where the local emulators listen unless configured otherwise (firebase.json). */
export const EMULATOR_DEFAULTS = {
  VITE_FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
  VITE_FIREBASE_FUNCTIONS_EMULATOR_HOST: '127.0.0.1:5001',
  VITE_FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080',
} as const;

type Env = Readonly<Record<string, unknown>>;

const optional = (env: Env, name: string, fallback: string): string => {
  const value = env[name];
  return typeof value === 'string' && value.trim() ? value.trim() : fallback;
};

function hostPort(env: Env, name: keyof typeof EMULATOR_DEFAULTS): EmulatorHost {
  const value = optional(env, name, EMULATOR_DEFAULTS[name]);
  const match = /^([\w.-]+):(\d{1,5})$/.exec(value);
  if (!match) throw new ConfigError('firebase', [`${name} (host:port, not "${value}")`]);
  return { host: match[1]!, port: Number(match[2]) };
}

function algoliaHost(value: string) {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError('firebase', [`VITE_ALGOLIA_HOST (a URL, not "${value}")`]);
  }
  return {
    host: url.hostname,
    protocol: url.protocol === 'http:' ? ('http' as const) : ('https' as const),
    ...(url.port ? { port: Number(url.port) } : {}),
  };
}

/** Reads the production backend's settings; a missing or malformed variable is a ConfigError. */
export function firebaseSettingsFromEnv(env: Env): {
  firebase: FirebaseSettings;
  algolia: Parameters<typeof createAlgoliaCollegeSearch>[0];
} {
  const v = requireEnv('firebase', env, FIREBASE_ENV);
  const useEmulators = optional(env, 'VITE_FIREBASE_EMULATORS', 'false') === 'true';
  const algoliaHostValue = optional(env, 'VITE_ALGOLIA_HOST', '');
  return {
    firebase: {
      apiKey: v.VITE_FIREBASE_API_KEY!,
      authDomain: v.VITE_FIREBASE_AUTH_DOMAIN!,
      projectId: v.VITE_FIREBASE_PROJECT_ID!,
      appId: v.VITE_FIREBASE_APP_ID!,
      functionsRegion: optional(env, 'VITE_FIREBASE_FUNCTIONS_REGION', 'us-central1'),
      ...(useEmulators
        ? {
            emulators: {
              auth: hostPort(env, 'VITE_FIREBASE_AUTH_EMULATOR_HOST'),
              functions: hostPort(env, 'VITE_FIREBASE_FUNCTIONS_EMULATOR_HOST'),
              firestore: hostPort(env, 'VITE_FIRESTORE_EMULATOR_HOST'),
            },
          }
        : {}),
    },
    algolia: {
      appId: v.VITE_ALGOLIA_APP_ID!,
      apiKey: v.VITE_ALGOLIA_SEARCH_KEY!,
      indexName: optional(env, 'VITE_ALGOLIA_INDEX', 'colleges'),
      ...(algoliaHostValue ? { hosts: [algoliaHost(algoliaHostValue)] } : {}),
    },
  };
}

/** The production backend: Firebase (auth, waitlist, hero consent, hero images, campus progress, invites, campus requests) and Algolia (college search). */
export function createFirebaseModule(env: Env): ContainerModule {
  const settings = firebaseSettingsFromEnv(env);
  const firebase = createFirebaseBackend(settings.firebase);
  const collegeSearch = createAlgoliaCollegeSearch(settings.algolia);
  return new ContainerModule(({ bind }) => bindBackend(bind, { ...firebase, collegeSearch }));
}
