import { type ErrorCode, isAppError } from '@/domain/errors';
import type { UseCases } from '@/domain/use-cases/use-cases';
import type { Card, CardEvent } from '@/ui/card/card-state';

/** What an action tells the component that called it (which shows the toast). */
export type Outcome<T = undefined> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly code: ErrorCode; readonly error: unknown };

/** An action refused because the same action is still under way (a double click). */
export const IGNORED = { ok: false, code: 'ignored' } as const;
export type Ignored = typeof IGNORED;

export const ok = <T = undefined>(value: T): Outcome<T> => ({ ok: true, value });

export const fail = (error: unknown, fallback: ErrorCode = 'unknown') =>
  ({ ok: false, code: isAppError(error) ? error.code : fallback, error }) as const;

/**
 * What every slice is built with: the lazily loaded use cases, the console, and the card's one
 * state (`card` reads it, `send` applies an event through nextCard and answers the new card).
 */
export interface SliceDeps {
  /** The use cases for a student's action: a backend module that failed to load is loaded again. */
  readonly services: () => Promise<UseCases>;
  /**
   * The use cases for what the page starts on its own (the backend, the hero strip): the latest
   * load, even a failed one, so that they make one attempt between them.
   */
  readonly startedServices: () => Promise<UseCases>;
  readonly log: (message: string, error?: unknown) => void;
  readonly card: () => Card;
  readonly send: (event: CardEvent) => Card;
  /** Resolves once the follow-ups the card's changes started (card-effects.ts) have answered. */
  readonly settled: () => Promise<void>;
  /** The hero strip is read again (the backend came back after a failed start). */
  readonly heroChanged: () => void;
}
