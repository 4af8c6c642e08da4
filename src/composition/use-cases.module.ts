import { ContainerModule } from 'inversify';
import { createBrowserLocalRecord } from '@/adapters/browser/local-record.adapter';
import { createBrowserVisitRecord } from '@/adapters/browser/visit-record.adapter';
import { createUseCases, type Ports } from '@/domain/use-cases/create-use-cases';
import type { UseCases } from '@/domain/use-cases/use-cases';
import { PORTS, TOKENS } from './tokens';

const PORT_KEYS = Object.keys(PORTS) as (keyof Ports)[];

/**
 * Binds what every backend shares (the browser's local record and visit, the system clock) unless
 * a module bound its own, and builds the use cases from every port of the one list (tokens.ts)
 * with the domain's `createUseCases`.
 */
export const useCasesModule = new ContainerModule(({ bind, isBound }) => {
  if (!isBound(PORTS.clock)) bind(PORTS.clock).toConstantValue({ now: () => new Date() });
  if (!isBound(PORTS.local)) {
    bind(PORTS.local).toDynamicValue(createBrowserLocalRecord).inSingletonScope();
  }
  if (!isBound(PORTS.visit)) {
    bind(PORTS.visit).toDynamicValue(createBrowserVisitRecord).inSingletonScope();
  }
  bind(TOKENS.UseCases)
    .toResolvedValue(
      (...resolved: unknown[]): UseCases =>
        createUseCases(
          Object.fromEntries(PORT_KEYS.map((key, i) => [key, resolved[i]])) as unknown as Ports,
        ),
      PORT_KEYS.map((key) => PORTS[key]),
    )
    .inSingletonScope();
});
