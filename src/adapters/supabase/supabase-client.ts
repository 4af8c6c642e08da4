import type { GoTrueClient } from '@supabase/auth-js';
import type { PostgrestClient } from '@supabase/postgrest-js';
import { setUpInTasks } from '@/shared/next-task';
import type { SupabaseSettings } from './supabase-settings';

/** The two Supabase clients the page uses: Auth (GoTrue) and the database's REST API (PostgREST). */
export interface SupabaseClients {
  readonly auth: GoTrueClient;
  readonly rest: PostgrestClient;
}

export type SupabaseClientLoader = () => Promise<SupabaseClients>;

/** Sent with every request, as supabase-js sends its own. */
const CLIENT_INFO = 'de-estudiantes-waitlist (@supabase/auth-js, @supabase/postgrest-js 2.119.1)';

/**
 * supabase-js's Auth and PostgREST clients, wired as `createClient` wires them (same URLs, same
 * default storage key, the user's access token on every database request), without the realtime,
 * storage and functions clients the page never uses: about half the SDK's bytes (33 KB gzip at 2.119.1), which the page parses while the student reads the hero. Created on first use: the SDK
 * is a dynamic import, so the page's first load never carries it. Sign-in uses the PKCE flow; a
 * redirect sign-in that comes back with `?code=` is completed as the client starts
 * (detectSessionInUrl).
 */
export function supabaseClientLoader(settings: SupabaseSettings): SupabaseClientLoader {
  let ready: Promise<SupabaseClients> | null = null;
  return () =>
    (ready ??= setUpInTasks(
      () => Promise.all([import('@supabase/auth-js'), import('@supabase/postgrest-js')]),
      ([{ AuthClient }, { PostgrestClient }]) => {
        const base = new URL(settings.url.endsWith('/') ? settings.url : `${settings.url}/`);
        const key = settings.anonKey;
        const auth = new AuthClient({
          url: new URL('auth/v1', base).href,
          headers: { Authorization: `Bearer ${key}`, apikey: key, 'X-Client-Info': CLIENT_INFO },
          storageKey: settings.storageKey ?? `sb-${base.hostname.split('.')[0]}-auth-token`,
          flowType: 'pkce',
          persistSession: true,
          autoRefreshToken: true,
          detectSessionInUrl: true,
          ...(settings.storage ? { storage: settings.storage } : {}),
        });
        // supabase-js's fetchWithAuth: the signed-in user's access token, else the anon key.
        const fetchWithAuth: typeof fetch = async (input, init) => {
          const { data } = await auth.getSession();
          const headers = new Headers(init?.headers);
          if (!headers.has('apikey')) headers.set('apikey', key);
          if (!headers.has('Authorization')) {
            headers.set('Authorization', `Bearer ${data.session?.access_token ?? key}`);
          }
          return fetch(input, { ...init, headers });
        };
        const rest = new PostgrestClient(new URL('rest/v1', base).href, {
          headers: { 'X-Client-Info': CLIENT_INFO },
          fetch: fetchWithAuth,
        });
        return { auth, rest };
      },
    )).catch((error: unknown) => {
      ready = null; // the chunk failed to load (offline): a later call tries again
      throw error;
    });
}
