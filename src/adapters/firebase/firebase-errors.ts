import { AppError, BACKEND_STATUS_CODES, type BackendStatusCode } from '@/domain/errors';

const isBackendCode = (value: unknown): value is BackendStatusCode =>
  typeof value === 'string' && (BACKEND_STATUS_CODES as readonly string[]).includes(value);

/**
 * `firebase/firestore/lite` reports a request that got no HTTP answer at all (offline, connection
 * refused or reset) as 'unknown', with the browser's or Node's fetch message: it is 'unavailable'.
 */
const NO_ANSWER =
  /^Request failed with error: (fetch failed|Failed to fetch|NetworkError|Load failed|network)/i;

/**
 * Translates a Firestore or Functions SDK error into the domain's codes. Firestore codes
 * ('permission-denied') and Functions codes ('functions/unavailable') share the vocabulary of
 * spec section 8; anything else is 'unknown'.
 */
export function toBackendError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const raw = (error as { code?: unknown } | null)?.code;
  const code = typeof raw === 'string' ? raw.replace(/^(functions|firestore)\//, '') : undefined;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'unknown' && NO_ANSWER.test(message)) {
    return new AppError('unavailable', message, { cause: error });
  }
  return new AppError(isBackendCode(code) ? code : 'unknown', message, { cause: error });
}
