import type { createUseCases } from './create-use-cases';

/** Everything the UI may ask of the application; built by `createUseCases` from the ports. */
export type UseCases = ReturnType<typeof createUseCases>;
