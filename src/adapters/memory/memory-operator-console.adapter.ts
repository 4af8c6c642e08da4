import { AppError } from '@/domain/errors';
import type { OperatorConsole } from '@/ports/operator-console.port';
import { OPERATOR_CONSOLE_METHODS } from '../operator-console-methods';

/** TODO(issue 61): the memory operator console (being built). Every call: unimplemented. */
export function createMemoryOperatorConsole(): OperatorConsole {
  return Object.fromEntries(
    OPERATOR_CONSOLE_METHODS.map((m) => [m, () => Promise.reject(new AppError('unimplemented'))]),
  ) as unknown as OperatorConsole;
}
