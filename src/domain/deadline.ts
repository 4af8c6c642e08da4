import { AppError, toAppError } from '@/domain/errors';

/**
 * Every backend call ends within the database client's request timeout of spec section 9 (15 s):
 * a server that never answers gives `deadline-exceeded`, the operation's failure message, and a
 * retry that starts afresh, instead of 'Procesando...' for ever.
 */
export const REQUEST_TIMEOUT_MS = 15_000;

/** Settles like `call`, or rejects with `deadline-exceeded` once `ms` have passed. */
export function withDeadline<T>(call: Promise<T>, ms: number = REQUEST_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new AppError('deadline-exceeded', `No answer within ${ms} ms`)),
      ms,
    );
  });
  return Promise.race([call, expired]).finally(() => clearTimeout(timer));
}

/**
 * A backend call as every use case makes it: bounded by the request timeout, and failing with an
 * AppError (an unknown failure becomes `unknown`).
 */
export function backendCall<T>(call: Promise<T>, ms?: number): Promise<T> {
  return withDeadline(call, ms).catch((error: unknown) => {
    throw toAppError(error, 'unknown');
  });
}
