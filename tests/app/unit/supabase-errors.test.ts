import { describe, expect, it } from 'vitest';
import { AppError } from '@/domain/errors';
import { toBackendError, toThrownBackendError } from '@/adapters/supabase/supabase-errors';
import { codeFrom, isInAppBrowser } from '@/adapters/supabase/supabase-popup';

describe('Supabase errors to the domain codes', () => {
  it('maps PostgREST answers by HTTP status (spec section 8)', () => {
    const body = { code: '42501', message: 'new row violates row-level security policy' };
    expect(toBackendError(body, 403).code).toBe('permission-denied');
    expect(toBackendError(body, 401).code).toBe('unauthenticated');
    expect(toBackendError({ code: '23505', message: 'duplicate' }, 409).code).toBe('aborted');
    expect(toBackendError({ code: 'PGRST000', message: 'db down' }, 503).code).toBe('unavailable');
    expect(toBackendError({ message: 'teapot' }, 418).code).toBe('unknown');
    expect(toBackendError(null, 500).message).toBe('Server responded with status 500');
  });

  it('no answer is unavailable; our own time limit is deadline-exceeded', () => {
    expect(toBackendError({ message: 'TypeError: Failed to fetch', code: '' }, 0).code).toBe(
      'unavailable',
    );
    expect(
      toBackendError(
        {
          message: 'AbortError: signal timed out',
          code: '',
          hint: 'Request was aborted (timeout or manual cancellation)',
        },
        0,
      ).code,
    ).toBe('deadline-exceeded');
    expect(toThrownBackendError(new DOMException('x', 'TimeoutError')).code).toBe(
      'deadline-exceeded',
    );
    expect(
      toThrownBackendError(new TypeError('Failed to fetch dynamically imported module')).code,
    ).toBe('unavailable');
    const kept = new AppError('permission-denied');
    expect(toThrownBackendError(kept)).toBe(kept);
  });
});

describe('the sign-in callback URL', () => {
  it('gives the code, or the cancelled code when the student said no, or fails', () => {
    expect(codeFrom('https://x.mx/auth/callback.html?code=abc')).toBe('abc');
    expect(() => codeFrom('https://x.mx/auth/callback.html?error=access_denied')).toThrow(
      expect.objectContaining({ code: 'auth/popup-closed-by-user' }),
    );
    expect(() =>
      codeFrom('https://x.mx/auth/callback.html#error=server_error&error_description=boom'),
    ).toThrow('boom');
    expect(() => codeFrom('https://x.mx/auth/callback.html')).toThrow();
  });

  it('spots in-app browsers, which sign in by redirect', () => {
    expect(isInAppBrowser('Mozilla/5.0 (iPhone) Instagram 300.0')).toBe(true);
    expect(isInAppBrowser('Mozilla/5.0 [FBAN/FBIOS;FBAV/400.0]')).toBe(true);
    expect(
      isInAppBrowser('Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36'),
    ).toBe(false);
  });
});
