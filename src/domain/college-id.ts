/**
 * The one college-id rule shared by the domain and every backend's rules (src/domain/college.ts
 * re-exports it). This module imports nothing: the Cloud Functions run a generated copy of it
 * (functions/src/mirror/domain/college-id.ts).
 */

/** Longest college id: the rules of every backend refuse longer ones. */
export const MAX_COLLEGE_ID_LENGTH = 64;

/**
 * A lowercase ASCII slug (`udg-cucea`), at most 64 characters. Every catalogue id satisfies it
 * (tested); whitespace, formula, control and bidi characters never do. firestore.rules repeats
 * this exact pattern.
 */
export const COLLEGE_ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const isCollegeId = (value: unknown): value is string =>
  typeof value === 'string' &&
  value.length <= MAX_COLLEGE_ID_LENGTH &&
  COLLEGE_ID_PATTERN.test(value);
