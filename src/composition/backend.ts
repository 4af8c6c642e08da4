import { nextTask } from '@/domain/next-task';
import type { UseCases } from '@/domain/use-cases/use-cases';
import type { BackendName } from './backends';

/**
 * Loads the container and the chosen backend's adapters with dynamic import(), so the first paint
 * never waits for them and a build never bundles another backend. Branches on the build-time
 * constant `__BACKEND__` (`VITE_BACKEND`) are removed by the bundler. Each step (evaluating the
 * container's code, the backend's code, creating the backend, resolving the use cases) runs in a
 * task of its own, and so does what the callers do next: together they made one 50-100 ms task
 * at 4x CPU slowdown (issue 15).
 */
export async function loadUseCases(): Promise<UseCases> {
  const { buildUseCases } = await import('./container');
  await nextTask();
  const env = import.meta.env as unknown as Record<string, unknown>;
  const backend: BackendName = __BACKEND__;
  switch (backend) {
    case 'firebase': {
      const { createFirebaseModule } = await import('./firebase.module');
      await nextTask();
      const module = createFirebaseModule(env);
      await nextTask();
      return settled(buildUseCases(module));
    }
    case 'supabase': {
      const { createSupabaseModule } = await import('./supabase.module');
      await nextTask();
      const module = createSupabaseModule(env);
      await nextTask();
      return settled(buildUseCases(module));
    }
    case 'memory': {
      const { createMemoryModule } = await import('./memory.module');
      await nextTask();
      const module = createMemoryModule();
      await nextTask();
      return settled(buildUseCases(module));
    }
    default: {
      // A backend added to BACKENDS without a branch here fails the typecheck.
      const missing: never = backend;
      throw new Error(`No loader for the backend ${String(missing)}`);
    }
  }
}

/** Hands the built use cases over in a later task: the callers' first steps are not added to it. */
async function settled(useCases: UseCases): Promise<UseCases> {
  await nextTask();
  return useCases;
}
