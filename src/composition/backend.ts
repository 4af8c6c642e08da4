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

/**
 * The chosen backend's code, loaded with import(): what creates its container module. Each
 * backend gets the variables it reads, each named here (issue 51): Vite inlines a variable that
 * is named, and would inline every `VITE_*` variable of the build's environment into the bundle
 * for `import.meta.env` handed over whole. tests/tooling/build/backend-env.test.ts holds these
 * lists to the names the modules read.
 */
async function loadBackendModule(): Promise<() => ContainerModule> {
  const backend: BackendName = __BACKEND__;
  switch (backend) {
    case 'firebase': {
      const env = {
        // The deploy guard reads the build's backend and project from these inlined values.
        VITE_BACKEND: import.meta.env.VITE_BACKEND,
        VITE_FIREBASE_API_KEY: import.meta.env.VITE_FIREBASE_API_KEY,
        VITE_FIREBASE_AUTH_DOMAIN: import.meta.env.VITE_FIREBASE_AUTH_DOMAIN,
        VITE_FIREBASE_PROJECT_ID: import.meta.env.VITE_FIREBASE_PROJECT_ID,
        VITE_FIREBASE_APP_ID: import.meta.env.VITE_FIREBASE_APP_ID,
        VITE_FIREBASE_FUNCTIONS_REGION: import.meta.env.VITE_FIREBASE_FUNCTIONS_REGION,
        VITE_FIREBASE_EMULATORS: import.meta.env.VITE_FIREBASE_EMULATORS,
        VITE_FIREBASE_AUTH_EMULATOR_HOST: import.meta.env.VITE_FIREBASE_AUTH_EMULATOR_HOST,
        VITE_FIREBASE_FUNCTIONS_EMULATOR_HOST: import.meta.env
          .VITE_FIREBASE_FUNCTIONS_EMULATOR_HOST,
        VITE_FIRESTORE_EMULATOR_HOST: import.meta.env.VITE_FIRESTORE_EMULATOR_HOST,
        VITE_ALGOLIA_APP_ID: import.meta.env.VITE_ALGOLIA_APP_ID,
        VITE_ALGOLIA_SEARCH_KEY: import.meta.env.VITE_ALGOLIA_SEARCH_KEY,
        VITE_ALGOLIA_INDEX: import.meta.env.VITE_ALGOLIA_INDEX,
        VITE_ALGOLIA_HOST: import.meta.env.VITE_ALGOLIA_HOST,
      };
      const { createFirebaseModule } = await import('./firebase.module');
      return () => createFirebaseModule(env);
    }
    case 'supabase': {
      const env = {
        VITE_BACKEND: import.meta.env.VITE_BACKEND,
        VITE_SUPABASE_URL: import.meta.env.VITE_SUPABASE_URL,
        VITE_SUPABASE_ANON_KEY: import.meta.env.VITE_SUPABASE_ANON_KEY,
      };
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
