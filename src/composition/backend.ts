import type { UseCases } from '@/domain/use-cases/use-cases';

export type BackendName = 'memory' | 'firebase' | 'supabase';

/** The backend this build was made for: `VITE_BACKEND`, fixed at build time (default memory). */
export const BACKEND: BackendName = __BACKEND__;

/**
 * Loads the container and the chosen backend's adapters with dynamic import(), so the first paint
 * never waits for them and a build never bundles another backend. Branches on the build-time
 * constant are removed by the bundler.
 */
export async function loadUseCases(): Promise<UseCases> {
  const { buildUseCases } = await import('./container');
  const env = import.meta.env as unknown as Record<string, unknown>;
  if (__BACKEND__ === 'firebase') {
    const { createFirebaseModule } = await import('./firebase.module');
    return buildUseCases(createFirebaseModule(env));
  }
  if (__BACKEND__ === 'supabase') {
    const { createSupabaseModule } = await import('./supabase.module');
    return buildUseCases(createSupabaseModule(env));
  }
  const { createMemoryModule } = await import('./memory.module');
  return buildUseCases(createMemoryModule());
}
