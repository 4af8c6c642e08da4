import { AppError } from '@/domain/errors';

/**
 * 'Mi campus no aparece' (issue 28, part 4): a student asks for a campus the catalogue lacks. The
 * request never blocks them (they can still join another campus); operators review the requests,
 * counted per requested campus. The same rule is applied by every backend's server side.
 */
export interface CampusRequest {
  /** The university or campus, as the student writes it ('Universidad de Colima, Manzanillo'). */
  readonly name: string;
  readonly city: string;
}

export const CAMPUS_NAME_LENGTH = { min: 3, max: 120 } as const;
export const CITY_LENGTH = { min: 2, max: 80 } as const;
/** Distinct campuses one student may request: enough for a real need, not for a flood. */
export const MAX_REQUESTS_PER_STUDENT = 5;

/** Letters (any script's, with accents), digits, spaces and the punctuation names use. */
const TEXT = /^[\p{L}\p{M}\p{N} .,'’()&/-]+$/u;

/** Spaces trimmed and collapsed; Unicode composed (NFC), so 'á' is one character everywhere. */
const tidy = (value: unknown): string =>
  typeof value === 'string' ? value.normalize('NFC').replace(/\s+/g, ' ').trim() : '';

export type CampusRequestField = 'name' | 'city';

/**
 * The request tidied, or the fields that are not valid: a name of 3 to 120 characters and a city
 * of 2 to 80, of letters, digits, spaces and . , ' ’ ( ) & / -.
 */
export function parseCampusRequest(
  input: unknown,
): { ok: true; request: CampusRequest } | { ok: false; invalid: CampusRequestField[] } {
  const v = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const name = tidy(v.name);
  const city = tidy(v.city);
  const invalid: CampusRequestField[] = [];
  const fits = (text: string, { min, max }: { min: number; max: number }) =>
    [...text].length >= min && [...text].length <= max && TEXT.test(text);
  if (!fits(name, CAMPUS_NAME_LENGTH)) invalid.push('name');
  if (!fits(city, CITY_LENGTH)) invalid.push('city');
  return invalid.length ? { ok: false, invalid } : { ok: true, request: { name, city } };
}

/** The error of a request that is not valid (the form says which fields). */
export const campusRequestError = (invalid: readonly CampusRequestField[]): AppError =>
  new AppError('validation/campus-request', `Invalid campus request: ${invalid.join(', ')}`);

/**
 * How requests for the same campus are counted together: name and city lower-cased, without
 * accents or punctuation ('Universidad de Colima, Manzanillo' and 'universidad de colima
 * manzanillo' are one campus).
 */
export const campusRequestKey = ({ name, city }: CampusRequest): string =>
  `${fold(name)}|${fold(city)}`;

const fold = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
