import 'reflect-metadata';
import { Container, type ContainerModule } from 'inversify';
import type { UseCases } from '@/domain/use-cases/use-cases';
import { BACKEND_PORTS, TOKENS } from './tokens';
import { useCasesModule } from './use-cases.module';

/**
 * Builds the container from one backend module and resolves the use cases. A module that leaves
 * a port unbound is refused with a message naming it (docs/architecture.md, "Adding a backend").
 */
export function buildUseCases(backendModule: ContainerModule): UseCases {
  const container = new Container();
  container.load(backendModule);
  const unbound = BACKEND_PORTS.filter((token) => !container.isBound(token));
  if (unbound.length) {
    const names = unbound.map((token) => (token as symbol).description ?? String(token));
    throw new Error(
      `The backend module binds no ${names.join(', ')}: every backend binds ` +
        `${BACKEND_PORTS.map((t) => (t as symbol).description).join(', ')} (docs/architecture.md).`,
    );
  }
  container.load(useCasesModule);
  return container.get(TOKENS.UseCases);
}
