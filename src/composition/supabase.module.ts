import type { ContainerModule } from 'inversify';
import { requireEnv } from './config-error';

export const SUPABASE_ENV = ['VITE_SUPABASE_URL', 'VITE_SUPABASE_ANON_KEY'] as const;

/** Supabase backend: swappable in here without touching domain or UI. Not built yet. */
export function createSupabaseModule(env: Readonly<Record<string, unknown>>): ContainerModule {
  requireEnv('supabase', env, SUPABASE_ENV);
  throw new Error('The supabase backend adapters are not built yet; use VITE_BACKEND=memory.');
}
