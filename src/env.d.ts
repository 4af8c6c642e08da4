/// <reference types="vite/client" />

/** `VITE_BACKEND` at build time: 'memory' (default), 'firebase' or 'supabase'. */
declare const __BACKEND__: 'memory' | 'firebase' | 'supabase';

interface ImportMetaEnv {
  readonly VITE_BACKEND?: string;
  readonly VITE_CONTACT_EMAIL?: string;
  readonly VITE_PRIVACY_URL?: string;
  readonly VITE_SITE_URL?: string;
}
