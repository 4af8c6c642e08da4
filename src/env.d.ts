/// <reference types="vite/client" />

/** `VITE_BACKEND` at build time: 'memory' (default), 'firebase' or 'supabase'. */
// A global declaration file has no top-level imports (they would make it a module).
// eslint-disable-next-line @typescript-eslint/consistent-type-imports
declare const __BACKEND__: import('./composition/backends').BackendName;

interface ImportMetaEnv {
  readonly VITE_BACKEND?: string;
  readonly VITE_CONTACT_EMAIL?: string;
  /** The privacy notice's settings (src/ui/privacy/privacy-notice-settings.ts). */
  readonly VITE_PRIVACY_RESPONSIBLE?: string;
  readonly VITE_PRIVACY_ADDRESS?: string;
  readonly VITE_PRIVACY_EMAIL?: string;
  readonly VITE_PRIVACY_UPDATED?: string;
  readonly VITE_PRIVACY_MAIL_PROVIDER?: string;
  readonly VITE_SITE_URL?: string;
  /** The backends' settings, each named in src/composition/backend.ts (issue 51). */
  readonly VITE_FIREBASE_API_KEY?: string;
  readonly VITE_FIREBASE_AUTH_DOMAIN?: string;
  readonly VITE_FIREBASE_PROJECT_ID?: string;
  readonly VITE_FIREBASE_APP_ID?: string;
  readonly VITE_FIREBASE_FUNCTIONS_REGION?: string;
  readonly VITE_FIREBASE_EMULATORS?: string;
  readonly VITE_FIREBASE_AUTH_EMULATOR_HOST?: string;
  readonly VITE_FIREBASE_FUNCTIONS_EMULATOR_HOST?: string;
  readonly VITE_FIRESTORE_EMULATOR_HOST?: string;
  readonly VITE_ALGOLIA_APP_ID?: string;
  readonly VITE_ALGOLIA_SEARCH_KEY?: string;
  readonly VITE_ALGOLIA_INDEX?: string;
  readonly VITE_ALGOLIA_HOST?: string;
  readonly VITE_SUPABASE_URL?: string;
  readonly VITE_SUPABASE_ANON_KEY?: string;
}
