import type { ErrorCode } from '@/domain/errors';
import type { Ignored, Outcome } from '@/ui/store/app-store';
import { MESSAGES } from '@/ui/messages';
import { notify } from '@/ui/toast';

/** A toast: its kind, its message and its description (spec section 8's texts). */
export type Toast = readonly [kind: 'success' | 'error', message: string, description?: string];

export interface OutcomeToasts<T> {
  /** The toasts of a success (none, one, or a success and a warning). */
  readonly ok: (value: T) => readonly Toast[];
  /** The toast of a failure with this code; `failed` for every other code. */
  readonly byCode?: Partial<Record<ErrorCode, Toast>>;
  readonly failed: Toast | ((code: ErrorCode) => Toast);
}

/** 'Por favor selecciona una universidad', for a join or a change of campus without one. */
export const COLLEGE_REQUIRED: Toast = [
  'error',
  MESSAGES.collegeRequired,
  MESSAGES.collegeRequiredDescription,
];

/**
 * The one place an action's outcome becomes its toasts: a success shows `ok`'s, a failure its
 * code's or `failed`, and an action ignored (a double click) shows nothing.
 */
export function toastOutcome<T>(outcome: Outcome<T> | Ignored, toasts: OutcomeToasts<T>): void {
  const shown = outcome.ok
    ? toasts.ok(outcome.value)
    : outcome.code === 'ignored'
      ? []
      : [
          toasts.byCode?.[outcome.code] ??
            (typeof toasts.failed === 'function' ? toasts.failed(outcome.code) : toasts.failed),
        ];
  for (const [kind, message, description] of shown) notify[kind](message, description);
}
