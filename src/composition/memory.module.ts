import { ContainerModule } from 'inversify';
import { createBrowserMemoryBackend } from '@/adapters/memory/memory-browser';
import { bindBackend } from './tokens';

/** Binds every port to the in-memory backend (the default, offline backend). */
export function createMemoryModule(): ContainerModule {
  const backend = createBrowserMemoryBackend();
  return new ContainerModule(({ bind }) => bindBackend(bind, backend));
}
