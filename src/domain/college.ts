import { DEFAULT_CATALOGUE_ENTRIES } from '@/data/default-colleges';

/** A university campus a student can join the waitlist for (spec section 3). */
export interface College {
  readonly id: string;
  readonly name: string;
  readonly subname: string;
  readonly shortName: string;
}

/** The three default colleges of spec section 3, offered for an empty search and on failure. */
export const DEFAULT_COLLEGES: readonly College[] = Object.freeze(
  DEFAULT_CATALOGUE_ENTRIES.map(({ id, name, subname, shortName }) => ({
    id,
    name,
    subname,
    shortName,
  })),
);

// The college-id rule is a module of its own, importing nothing: the Cloud Functions copy it.
export { COLLEGE_ID_PATTERN, isCollegeId, MAX_COLLEGE_ID_LENGTH } from './college-id';

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
