import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@/ui/messages';
import { COLLEGE_REQUIRED, toastOutcome } from '@/ui/outcome-toast';
import { IGNORED } from '@/ui/store/outcome';
import { notify } from '@/ui/toast';

vi.mock('@/ui/toast', () => ({
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
}));

const shown = () => [
  ...vi.mocked(notify.success).mock.calls.map((call) => ['success', ...call]),
  ...vi.mocked(notify.error).mock.calls.map((call) => ['error', ...call]),
];

describe('toastOutcome: the one map from an outcome to its toasts', () => {
  beforeEach(() => vi.clearAllMocks());
  const toasts = {
    ok: (n: number) =>
      n > 1
        ? ([
            ['success', 'Bien', `${n}`],
            ['error', 'Pero', 'a medias'],
          ] as const)
        : ([['success', 'Bien', `${n}`]] as const),
    byCode: { 'validation/college-required': COLLEGE_REQUIRED },
    failed: ['error', 'Falló', 'Intenta de nuevo'] as const,
  };

  it('a success shows its toasts, in order', () => {
    toastOutcome({ ok: true, value: 2 }, toasts);
    expect(shown()).toEqual([
      ['success', 'Bien', '2'],
      ['error', 'Pero', 'a medias'],
    ]);
  });

  it('a failure shows its code’s toast, or the general one', () => {
    toastOutcome({ ok: false, code: 'validation/college-required', error: null }, toasts);
    toastOutcome({ ok: false, code: 'unavailable', error: null }, toasts);
    expect(shown()).toEqual([
      ['error', MESSAGES.collegeRequired, MESSAGES.collegeRequiredDescription],
      ['error', 'Falló', 'Intenta de nuevo'],
    ]);
  });

  it('a failed toast may depend on the code; an ignored action (a double click) shows nothing', () => {
    toastOutcome(IGNORED, toasts);
    toastOutcome(
      { ok: false, code: 'auth/popup-closed-by-user', error: null },
      { ok: () => [], failed: (code) => ['error', code] },
    );
    expect(shown()).toEqual([['error', 'auth/popup-closed-by-user', undefined]]);
  });
});
