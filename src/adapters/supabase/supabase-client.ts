import type { SupabaseClient } from '@supabase/supabase-js';
import type { SupabaseSettings } from './supabase-settings';

export type SupabaseClientLoader = () => Promise<SupabaseClient>;

/**
 * One supabase-js client for all four ports, created on first use: the SDK is a dynamic import,
 * so the page's first load never carries it. Sign-in uses the PKCE flow; a redirect sign-in that
 * comes back with `?code=` is completed by the client as it starts (detectSessionInUrl).
 */
export function supabaseClientLoader(settings: SupabaseSettings): SupabaseClientLoader {
  let ready: Promise<SupabaseClient> | null = null;
  return () =>
    (ready ??= import('@supabase/supabase-js').then(({ createClient }) =>
      createClient(settings.url, settings.anonKey, {
        auth: {
          flowType: 'pkce',
          persistSession: true,
          autoRefreshToken: true,
          detectSessionInUrl: true,
          ...(settings.storage ? { storage: settings.storage } : {}),
          ...(settings.storageKey ? { storageKey: settings.storageKey } : {}),
        },
      }),
    )).catch((error: unknown) => {
      ready = null; // the chunk failed to load (offline): a later call tries again
      throw error;
    });
}
