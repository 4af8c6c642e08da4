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
}
