// Generated from src/domain/visit-source.ts by `npm run functions:copies -- --write`. Do not edit:
// tests/tooling/data/functions-copies.test.ts fails when the two disagree.
/**
 * Where students came from, first-party (issue 49, part 2): the first `utm_source`, `utm_medium`
 * and `utm_campaign` of a visit, kept for the visit as its invite code is (the tab's
 * sessionStorage: no cookie, no third-party request, no analytics tool) and written once when the
 * student joins, in a record of their own, deleted when they leave. Each value is clamped: letters
 * (ASCII), digits, '-' and '_', at most 40 characters, lower-cased so 'WhatsApp' and 'whatsapp'
 * count as one channel; anything else (a space, an accent, a URL, 41 characters) is 'otro'.
 * This module imports nothing: the Cloud Functions copy it as it is.
 */

export const SOURCE_FIELDS = ['source', 'medium', 'campaign'] as const;
export type SourceField = (typeof SOURCE_FIELDS)[number];

/** What a visit came with: each field clamped, null when the link did not carry it. */
export type VisitSource = Readonly<Record<SourceField, string | null>>;

export const SOURCE_VALUE_LENGTH = 40;
/** What a value that does not fit is stored as. */
export const OTHER_SOURCE = 'otro';
/** A stored value: what clampSourceValue can give (the servers check writes against it). */
export const SOURCE_VALUE_PATTERN = /^[a-z0-9_-]{1,40}$/;

/** One value as it is kept: lower-cased when it fits, else 'otro'. */
export function clampSourceValue(value: string): string {
  return /^[A-Za-z0-9_-]{1,40}$/.test(value) ? value.toLowerCase() : OTHER_SOURCE;
}

/**
 * The source a page address carries (`?utm_source=…&utm_medium=…&utm_campaign=…`), or null when
 * it carries none of the three. An empty parameter counts as absent; a repeated one, its first.
 */
export function sourceOfSearch(search: string): VisitSource | null {
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(search);
  } catch {
    return null;
  }
  const read = (name: string): string | null => {
    const value = params.get(name);
    return value === null || value === '' ? null : clampSourceValue(value);
  };
  const source = {
    source: read('utm_source'),
    medium: read('utm_medium'),
    campaign: read('utm_campaign'),
  };
  return source.source === null && source.medium === null && source.campaign === null
    ? null
    : source;
}

/**
 * A stored or sent source read back (the visit's storage, a server's record): each field a
 * stored value or null, and at least one present; anything else gives null.
 */
export function parseVisitSource(value: unknown): VisitSource | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const field = (x: unknown): string | null | undefined =>
    x === null || x === undefined
      ? null
      : typeof x === 'string' && SOURCE_VALUE_PATTERN.test(x)
        ? x
        : undefined;
  const source = field(v.source);
  const medium = field(v.medium);
  const campaign = field(v.campaign);
  if (source === undefined || medium === undefined || campaign === undefined) return null;
  if (source === null && medium === null && campaign === null) return null;
  return { source, medium, campaign };
}

/**
 * How long after joining a source may be recorded: the join's own visit (a retry after a failed
 * write included), never a later visit of a student who joined long ago.
 */
export const SOURCE_WINDOW_MS = 24 * 60 * 60_000;
