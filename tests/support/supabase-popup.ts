import { AppError } from '@/domain/errors';
import type { SignInPopup } from '@/adapters/supabase/supabase-popup';

/**
 * The popup as a test drives it: `go` follows the provider's URL to the stand-in, which answers
 * with a redirect to our callback page (as Google then Supabase would); `close` is the student
 * closing it.
 */
export function fakePopup(mode: { close: boolean }) {
  return (): SignInPopup => {
    let settle!: { resolve(url: string): void; reject(e: unknown): void };
    const result = new Promise<string>((resolve, reject) => (settle = { resolve, reject }));
    return {
      go(url) {
        if (mode.close) {
          settle.reject(new AppError('auth/popup-closed-by-user'));
          return;
        }
        fetch(url, { redirect: 'manual' }).then(async (res) => {
          const location = res.headers.get('location');
          if (res.status === 302 && location) settle.resolve(location);
          else settle.reject(new Error(`authorize answered ${res.status}: ${await res.text()}`));
        }, settle.reject);
      },
      result,
      close() {},
    };
  };
}
