import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AppError,
  BACKEND_STATUS_CODES,
  codeFromHttpStatus,
  toAppError,
  toSignInError,
} from '@/domain/errors';

const TABLE: [number, string][] = [
  [400, 'invalid-argument'],
  [401, 'unauthenticated'],
  [403, 'permission-denied'],
  [404, 'not-found'],
  [409, 'aborted'],
  [429, 'resource-exhausted'],
  [499, 'cancelled'],
  [500, 'internal'],
  [501, 'unimplemented'],
  [503, 'unavailable'],
  [504, 'deadline-exceeded'],
  [0, 'internal'],
];

describe('error codes', () => {
  it('maps the statuses of spec section 8', () => {
    for (const [status, code] of TABLE) expect(codeFromHttpStatus(status)).toBe(code);
  });

  it('maps every other status to unknown', () => {
    const listed = new Set(TABLE.map(([s]) => s));
    fc.assert(
      fc.property(
        fc.integer({ min: -1000, max: 10_000 }).filter((s) => !listed.has(s)),
        (s) => {
          expect(codeFromHttpStatus(s)).toBe('unknown');
        },
      ),
    );
  });

  it('always gives a backend status code', () => {
    fc.assert(
      fc.property(fc.double(), (s) => {
        expect(BACKEND_STATUS_CODES).toContain(codeFromHttpStatus(s));
      }),
    );
  });

  it('tells a closed popup from any other sign-in failure', () => {
    expect(toSignInError({ code: 'auth/popup-closed-by-user' }).code).toBe(
      'auth/popup-closed-by-user',
    );
    fc.assert(
      fc.property(fc.anything(), (thrown) => {
        const closed = (thrown as { code?: unknown } | null)?.code === 'auth/popup-closed-by-user';
        const error = toSignInError(thrown);
        expect(error).toBeInstanceOf(AppError);
        expect(error.code).toBe(closed ? 'auth/popup-closed-by-user' : 'auth/sign-in-failed');
      }),
    );
  });

  it('wraps anything thrown into an AppError, keeping known codes', () => {
    fc.assert(
      fc.property(fc.anything(), fc.constantFrom(...BACKEND_STATUS_CODES), (thrown, fallback) => {
        const error = toAppError(thrown, fallback);
        expect(error).toBeInstanceOf(AppError);
      }),
    );
    expect(toAppError({ code: 'permission-denied' }, 'unknown').code).toBe('permission-denied');
    expect(toAppError({ code: 'storage/quota' }, 'unknown').code).toBe('unknown');
  });
});
