import { AppError, codeFromHttpStatus } from '@/domain/errors';

/** What supabase-js reports for a failed PostgREST call: the body's fields and the HTTP status. */
export interface PostgrestFailure {
  readonly message?: string;
  readonly code?: string;
  readonly hint?: string;
}

/**
 * Translates a failed PostgREST call (through supabase-js) into the domain's codes. An HTTP answer
 * goes through the spec's status mapping (403 permission-denied, 401 unauthenticated, 503
 * unavailable, ...). No answer at all (status 0) is 'deadline-exceeded' when our time limit
 * aborted the request, else 'unavailable' (offline, refused, reset).
 */
export function toBackendError(error: PostgrestFailure | null, status: number): AppError {
  const message = error?.message ?? `Server responded with status ${status}`;
  if (status === 0) {
    const timedOut =
      /^AbortError|^TimeoutError/.test(message) || /timeout/i.test(error?.hint ?? '');
    return new AppError(timedOut ? 'deadline-exceeded' : 'unavailable', message, { cause: error });
  }
  return new AppError(codeFromHttpStatus(status), message, { cause: error });
}

/** Wraps anything a call threw (not returned) into an AppError. */
export function toThrownBackendError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const name = (error as { name?: unknown } | null)?.name;
  const message = error instanceof Error ? error.message : String(error);
  if (name === 'AbortError' || name === 'TimeoutError') {
    return new AppError('deadline-exceeded', message, { cause: error });
  }
  return new AppError('unavailable', message, { cause: error });
}
