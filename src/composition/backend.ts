import type { UseCases } from '@/domain/use-cases/use-cases';
import type { BackendName } from './backends';

/**
 * Loads the container and the chosen backend's adapters with dynamic import(), so the first paint
 * never waits for them and a build never bundles another backend. Branches on the build-time
 * constant `__BACKEND__` (`VITE_BACKEND`) are removed by the bundler.
 */
export async function loadUseCases(): Promise<UseCases> {
  const { buildUseCases } = await import('./container');
  const env = import.meta.env as unknown as Record<string, unknown>;
  const backend: BackendName = __BACKEND__;
  switch (backend) {
    case 'firebase': {
      const { createFirebaseModule } = await import('./firebase.module');
      return buildUseCases(createFirebaseModule(env));
    }
    case 'supabase': {
      const { createSupabaseModule } = await import('./supabase.module');
      return buildUseCases(createSupabaseModule(env));
    }
    case 'memory': {
      const { createMemoryModule } = await import('./memory.module');
      return buildUseCases(createMemoryModule());
    }
    default: {
      // A backend added to BACKENDS without a branch here fails the typecheck.
      const missing: never = backend;
      throw new Error(`No loader for the backend ${String(missing)}`);
    }
  }
}
