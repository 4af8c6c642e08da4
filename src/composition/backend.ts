import type { ContainerModule } from 'inversify';
import { nextTask } from '@/shared/next-task';
import type { UseCases } from '@/domain/use-cases/use-cases';
import type { BackendName } from './backends';

/**
 * Loads the container and the chosen backend's adapters with dynamic import(), so the first paint
 * never waits for them and a build never bundles another backend. Branches on the build-time
 * constant `__BACKEND__` (`VITE_BACKEND`) are removed by the bundler. Each step (evaluating
 * inversify, the container's code, the backend's code, creating the backend, resolving the use
 * cases) runs in a task of its own, and so does what the callers do next: together they made one
 * 50-100 ms task at 4x CPU slowdown (issue 15).
 */
export async function loadUseCases(): Promise<UseCases> {
  // inversify and reflect-metadata (84 KB) first, on their own: evaluated with the container's
  // code they made one task of 20-30 ms here (80 ms at a Supabase run's 2.7x; issue 26).
  await import('reflect-metadata');
  await import('inversify');
  await nextTask();
  const { buildUseCases } = await import('./container');
  await nextTask();
  const createModule = await loadBackendModule();
  await nextTask();
  const module = createModule();
  await nextTask();
  const useCases = buildUseCases(module);
  // Handed over in a later task: the callers' first steps are not added to this one.
  await nextTask();
  return useCases;
}

/** The chosen backend's code, loaded with import(): what creates its container module. */
async function loadBackendModule(): Promise<() => ContainerModule> {
  const env = import.meta.env as unknown as Record<string, unknown>;
  const backend: BackendName = __BACKEND__;
  switch (backend) {
    case 'firebase': {
      const { createFirebaseModule } = await import('./firebase.module');
      return () => createFirebaseModule(env);
    }
    case 'supabase': {
      const { createSupabaseModule } = await import('./supabase.module');
      return () => createSupabaseModule(env);
    }
    case 'memory': {
      const { createMemoryModule } = await import('./memory.module');
      return createMemoryModule;
    }
    default: {
      // A backend added to BACKENDS without a branch here fails the typecheck.
      const missing: never = backend;
      throw new Error(`No loader for the backend ${String(missing)}`);
    }
  }
}
