/**
 * The stored values' vocabulary: what a value read from storage must be to be kept (each slice's
 * parser, memory-store.ts), and the copy of a record without one key.
 */

/** A copy of the record without `key`. */
export function without<T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> {
  const copy = { ...record };
  delete copy[key];
  return copy;
}

export const isString = (v: unknown): v is string => typeof v === 'string';
export const isObject = (v: unknown): v is object => typeof v === 'object' && v !== null;
export const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;
/** A time in ms since 1970. */
export const isTime = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;
/** An ISO 8601 date. */
export const isDate = (v: unknown): v is string => isString(v) && !Number.isNaN(Date.parse(v));

/** The entries of a stored object whose values pass `keep`; anything else gives none. */
export function recordOf<T>(value: unknown, keep: (v: unknown) => v is T): Record<string, T> {
  const out: Record<string, T> = {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return out;
  for (const [key, item] of Object.entries(value)) if (keep(item)) out[key] = item;
  return out;
}
