import { ContainerModule } from 'inversify';
import { createSupabaseBackend } from '@/adapters/supabase/supabase-backend';
import type { SupabaseSettings } from '@/adapters/supabase/supabase-settings';
import { ConfigError, requireEnv } from './config-error';
import { bindBackend } from './tokens';

/** Required public configuration of the Supabase backend (see .env.example). */
export const SUPABASE_ENV = ['VITE_SUPABASE_URL', 'VITE_SUPABASE_ANON_KEY'] as const;

/** The sign-in callback page, on the page's own origin (public/auth/callback.html). */
export const AUTH_CALLBACK_PATH = '/auth/callback.html';

type Env = Readonly<Record<string, unknown>>;

/** Reads the Supabase settings; a missing or malformed variable is a ConfigError. */
export function supabaseSettingsFromEnv(env: Env, origin: string): SupabaseSettings {
  const v = requireEnv('supabase', env, SUPABASE_ENV);
  const raw = v.VITE_SUPABASE_URL!;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('supabase', [`VITE_SUPABASE_URL (una URL, no "${raw}")`]);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConfigError('supabase', [`VITE_SUPABASE_URL (una URL https, no "${raw}")`]);
  }
  return {
    url: url.origin,
    anonKey: v.VITE_SUPABASE_ANON_KEY!,
    callbackUrl: `${origin}${AUTH_CALLBACK_PATH}`,
  };
}

/** The Supabase backend: Auth (Google popup), the waitlist, college search, hero images, hero consent, campus progress, invites and campus requests. */
export function createSupabaseModule(env: Env): ContainerModule {
  const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
  const backend = createSupabaseBackend(supabaseSettingsFromEnv(env, origin));
  return new ContainerModule(({ bind }) => bindBackend(bind, backend));
}
