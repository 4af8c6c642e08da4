/**
 * Expected failures are values with a stable code. Adapters translate their SDK's errors into
 * these codes at their edge; the UI maps codes to the spec's Spanish texts in one module.
 */

/** Backend status codes of spec section 8 (the callable-function and database vocabulary). */
export const BACKEND_STATUS_CODES = [
  'invalid-argument',
  'unauthenticated',
  'permission-denied',
  'not-found',
  'aborted',
  'resource-exhausted',
  'cancelled',
  'internal',
  'unimplemented',
  'unavailable',
  'deadline-exceeded',
  'unknown',
] as const;
export type BackendStatusCode = (typeof BACKEND_STATUS_CODES)[number];

export const AUTH_ERROR_CODES = [
  /** The student closed the provider's sign-in popup. */
  'auth/popup-closed-by-user',
  /** Any other sign-in failure. */
  'auth/sign-in-failed',
] as const;
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number];

export const VALIDATION_ERROR_CODES = [
  'validation/college-required',
  /** 'Mi campus no aparece' with a name or city that is not valid (issue 28). */
  'validation/campus-request',
] as const;
export type ValidationErrorCode = (typeof VALIDATION_ERROR_CODES)[number];

/** The closed union of every code the application knows. */
export type ErrorCode = BackendStatusCode | AuthErrorCode | ValidationErrorCode;

export const ERROR_CODES: readonly ErrorCode[] = [
  ...BACKEND_STATUS_CODES,
  ...AUTH_ERROR_CODES,
  ...VALIDATION_ERROR_CODES,
];

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);

export class AppError extends Error {
  readonly code: ErrorCode;

  constructor(code: ErrorCode, message?: string, options?: { cause?: unknown }) {
    super(message ?? code, options);
    this.name = 'AppError';
    this.code = code;
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;

const STATUS_TO_CODE: Readonly<Record<number, BackendStatusCode>> = {
  0: 'internal',
  400: 'invalid-argument',
  401: 'unauthenticated',
  403: 'permission-denied',
  404: 'not-found',
  409: 'aborted',
  429: 'resource-exhausted',
  499: 'cancelled',
  500: 'internal',
  501: 'unimplemented',
  503: 'unavailable',
  504: 'deadline-exceeded',
};

/** The backend status mapping of spec section 8; every adapter uses it for HTTP statuses. */
export function codeFromHttpStatus(status: number): BackendStatusCode {
  return STATUS_TO_CODE[status] ?? 'unknown';
}

/** A message for anything thrown, even a value that cannot be turned into a string. */
function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  try {
    return String(error);
  } catch {
    return Object.prototype.toString.call(error);
  }
}

/**
 * Wraps anything thrown into an AppError: an AppError keeps its code, an object carrying a
 * known code keeps that code, and everything else gets `fallback`.
 */
export function toAppError(error: unknown, fallback: ErrorCode): AppError {
  if (isAppError(error)) return error;
  const code = (error as { code?: unknown } | null)?.code;
  return new AppError(isErrorCode(code) ? code : fallback, describe(error), { cause: error });
}

/** Sign-in failures are of two kinds only: the popup was closed, or anything else. */
export function toSignInError(error: unknown): AppError {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'auth/popup-closed-by-user') {
    return isAppError(error) ? error : new AppError(code, 'Popup closed by user', { cause: error });
  }
  return new AppError('auth/sign-in-failed', describe(error), { cause: error });
}

/**
 * The chosen backend cannot start because its configuration is incomplete: `missing` names what
 * is unset (for developers, in the console). No retry helps, unlike a backend lost to the network.
 */
export class BackendConfigError extends Error {
  readonly missing: readonly string[];

  constructor(message: string, missing: readonly string[]) {
    super(message);
    this.name = 'BackendConfigError';
    this.missing = missing;
  }
}

export const isBackendConfigError = (error: unknown): error is BackendConfigError =>
  error instanceof BackendConfigError;
