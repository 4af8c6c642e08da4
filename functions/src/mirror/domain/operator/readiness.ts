// Generated from src/domain/operator/readiness.ts by `npm run functions:copies -- --write`. Do not edit:
// tests/tooling/data/functions-copies.test.ts fails when the two disagree.
/**
 * When a campus may open (issue 61): enough verified students, and enough of them who said they
 * will sell. A campus with buyers and no sellers is not ready. Verified figures only: accounts
 * that never proved a university address are shown apart and count for nothing here.
 */

/** The verified sellers a campus needs when its operators set no minimum of their own. */
export const DEFAULT_SELLER_MINIMUM = 10;
/** The largest seller minimum an operator may set. */
export const MAX_SELLER_MINIMUM = 10_000;

export interface ReadinessInput {
  /** Verified students on the campus's list. */
  readonly verified: number;
  readonly threshold: number;
  /** Verified students who chose at least one category to sell. */
  readonly sellersVerified: number;
  readonly sellerMinimum: number;
}

export interface Readiness {
  readonly ready: boolean;
  /** Verified students still missing to reach the threshold (0 when reached). */
  readonly studentsMissing: number;
  /** Verified sellers still missing to reach the minimum (0 when reached). */
  readonly sellersMissing: number;
}

export function readiness(input: ReadinessInput): Readiness {
  const studentsMissing = Math.max(0, input.threshold - input.verified);
  const sellersMissing = Math.max(0, input.sellerMinimum - input.sellersVerified);
  return { ready: studentsMissing === 0 && sellersMissing === 0, studentsMissing, sellersMissing };
}

export const isSellerMinimum = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_SELLER_MINIMUM;
