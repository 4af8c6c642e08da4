// Generated from src/domain/college.ts by `npm run functions:copies -- --write`. Do not edit:
// tests/tooling/data/functions-copies.test.ts fails when the two disagree.
/**
 * A campus's college: its fields, the college-id rule, and how a record is read. This module
 * imports nothing (the default colleges' data is default-colleges.ts's): the Cloud Functions run
 * a generated copy of it, and a page that reads it bundles no catalogue.
 */

/** A university campus a student can join the waitlist for (spec section 3). */
export interface College {
  readonly id: string;
  readonly name: string;
  readonly subname: string;
  readonly shortName: string;
}

/** Longest college id: the rules of every backend refuse longer ones. */
export const MAX_COLLEGE_ID_LENGTH = 64;

/**
 * The one college-id rule shared by the domain and every backend's rules: a lowercase ASCII slug
 * (`udg-cucea`), at most 64 characters. Every catalogue id satisfies it (tested); whitespace,
 * formula, control and bidi characters never do. firestore.rules repeats this exact pattern.
 */
export const COLLEGE_ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const isCollegeId = (value: unknown): value is string =>
  typeof value === 'string' &&
  value.length <= MAX_COLLEGE_ID_LENGTH &&
  COLLEGE_ID_PATTERN.test(value);

const MAX_FIELD_LENGTH = 200;

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.length <= MAX_FIELD_LENGTH ? value : null;

/**
 * Reads one college as a search service or a catalogue gives it (`id`, `name`, optional
 * `subname` and `shortName`; each adapter maps its service's names to these): `shortName` falls
 * back to `subname`. Anything that is not a usable college gives null.
 */
export function collegeFromRecord(record: unknown): College | null {
  if (typeof record !== 'object' || record === null) return null;
  const r = record as Record<string, unknown>;
  const id = text(r.id);
  const name = text(r.name);
  if (!id || !name) return null;
  const subname = text(r.subname) ?? '';
  const shortName = text(r.shortName) || subname;
  return { id, name, subname, shortName };
}

/** Reads a list of records; anything that is not a list gives an empty list. */
export function collegesFromRecords(records: unknown): College[] {
  if (!Array.isArray(records)) return [];
  return records.map(collegeFromRecord).filter((c): c is College => c !== null);
}

/** Reads a stored College (for example from localStorage); anything else gives null. */
export function parseCollege(value: unknown): College | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const id = text(v.id);
  const name = text(v.name);
  const subname = text(v.subname);
  const shortName = text(v.shortName);
  if (!id || !name || subname === null || shortName === null) return null;
  return { id, name, subname, shortName: shortName || subname };
}

/** The label a chosen college shows: its short name, else its subname, else its name. */
export const collegeLabel = (college: College): string =>
  college.shortName || college.subname || college.name;
