import 'reflect-metadata';
import { Container, type ContainerModule } from 'inversify';
import type { UseCases } from '@/domain/use-cases/use-cases';
import { TOKENS } from './tokens';
import { useCasesModule } from './use-cases.module';

/** Builds the container from one backend module and resolves the use cases. */
export function buildUseCases(backendModule: ContainerModule): UseCases {
  const container = new Container();
  container.load(backendModule, useCasesModule);
  return container.get(TOKENS.UseCases);
}
