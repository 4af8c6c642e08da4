// Generated from src/domain/campus-request-rule.ts by `npm run functions:copies -- --write`. Do not edit:
// tests/tooling/data/functions-copies.test.ts fails when the two disagree.
/**
 * 'Mi campus no aparece' (issue 28, part 4): the rule of a request's text, the same on every
 * backend's server side. The page's parser is this module; the Cloud Functions run a generated
 * copy of it (functions/src/mirror/domain/campus-request-rule.ts); the database repeats it in SQL
 * (`private.campus_request_text_ok`, supabase/migrations/…_campus_requests_wall.sql), and tests
 * hold each server wall to refuse whatever this refuses (issue 51).
 * This module imports nothing: the Cloud Functions copy it as it is.
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

/**
 * Latin letters (with every accent, composed: Latin-1, Extended-A and -B, Extended Additional),
 * digits 0-9, spaces and the punctuation names use: . , ' ’ ( ) & / -. No
 * other script, no symbol, no format character (a bidi override, a zero-width space: \p{Cf}), no
 * control character, no markup, no ':' (so no 'https://').
 */
const TEXT = /^[A-Za-z0-9\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F\u1E00-\u1EFF .,'\u2019()&/-]+$/;
/** A link, written out or not: what our operators' report must never carry (issue 51). */
const LINK = /:\/\/|www\./i;
/** The letters of TEXT: a domain's ending is followed by none of them. */
const LETTER = 'A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F\u1E00-\u1EFF';
/**
 * What names a place to write to rather than a campus (issue 59): a link ('://', 'www.'), an
 * e-mail ('@'), a domain ('algo.com', 'UDG.MX': a letter or digit, a dot, then two or more Latin
 * letters ending the word, so 'Cd. Juárez' and 'U.N.A.M.' are names), or a run of 5 or more digits,
 * one space, dot, hyphen or slash allowed between them (a phone, '33 1234 5678'). The first
 * student's text names a pending campus on the page: none of these reaches it.
 */
const CONTACT = new RegExp(
  `://|www\\.|@|[A-Za-z0-9]\\.[A-Za-z]{2,}(?![${LETTER}])|[0-9](?:[ ./-]?[0-9]){4}`,
  'i',
);

/** Whether a text looks like a link, an e-mail, a domain or a phone number (CONTACT). */
export const looksLikeContact = (value: unknown): boolean => CONTACT.test(tidyRequestText(value));

/** Spaces trimmed and collapsed; Unicode composed (NFC), so 'á' is one character everywhere. */
export const tidyRequestText = (value: unknown): string =>
  typeof value === 'string' ? value.normalize('NFC').replace(/\s+/g, ' ').trim() : '';

export type CampusRequestField = 'name' | 'city';

/** Whether a tidied text fits: its length in characters, the letters above, no link or contact. */
const fits = (text: string, { min, max }: { readonly min: number; readonly max: number }) =>
  [...text].length >= min &&
  [...text].length <= max &&
  TEXT.test(text) &&
  !LINK.test(text) &&
  !CONTACT.test(text);

/**
 * The request tidied, or the fields that are not valid: a name of 3 to 120 characters and a city
 * of 2 to 80, of the letters, digits, spaces and punctuation above, and no link, e-mail, domain
 * or run of 5 digits (CONTACT).
 */
export function parseCampusRequest(
  input: unknown,
): { ok: true; request: CampusRequest } | { ok: false; invalid: CampusRequestField[] } {
  const v = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const name = tidyRequestText(v.name);
  const city = tidyRequestText(v.city);
  const invalid: CampusRequestField[] = [];
  if (!fits(name, CAMPUS_NAME_LENGTH)) invalid.push('name');
  if (!fits(city, CITY_LENGTH)) invalid.push('city');
  return invalid.length ? { ok: false, invalid } : { ok: true, request: { name, city } };
}

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

/**
 * A requested campus a student may join at once (issue 49, part 4), shown as pending until an
 * operator adds it to the catalogue (`npm run campus:add -- --request ID --id CAMPUS`). Its id is
 * the request key's sha-256, 24 hex digits, after 'pendiente-': the same on every backend (the
 * Firestore request's document id ends with the same digits), a college id by the one rule, and
 * never a catalogue id. Only a student who asked for it can join it.
 */
export interface PendingCampus {
  readonly id: string;
  readonly name: string;
  readonly city: string;
}

export const PENDING_CAMPUS_PREFIX = 'pendiente-';
export const PENDING_CAMPUS_PATTERN = /^pendiente-[0-9a-f]{24}$/;

export const isPendingCampusId = (value: unknown): boolean =>
  typeof value === 'string' && PENDING_CAMPUS_PATTERN.test(value);

/** The 24 hex digits of a request key's sha-256 (WebCrypto: the browser's and Node's). */
export async function requestKeyHash(key: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(key));
  return [...new Uint8Array(digest)]
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join('')
    .slice(0, 24);
}

/** The pending campus's id of a request key. */
export const pendingCampusIdOf = async (key: string): Promise<string> =>
  PENDING_CAMPUS_PREFIX + (await requestKeyHash(key));

/**
 * How every e-mail names a pending campus (issue 59), in its subject and its body: never by its
 * name, which is the text the first student who asked typed (our domain signs what we send).
 * The page still shows a student the name they asked for.
 */
export const PENDING_CAMPUS_MAIL_LABEL = 'tu campus (pendiente)';

/** The campus as an e-mail names it: its label, or PENDING_CAMPUS_MAIL_LABEL for a pending one. */
export const mailCampusLabel = (id: string, label: string): string =>
  isPendingCampusId(id) ? PENDING_CAMPUS_MAIL_LABEL : label;

/** A pending campus as the page's college: its name, its city, and '(pendiente)' in its label. */
export const pendingCollege = ({ id, name, city }: PendingCampus) => ({
  id,
  name,
  subname: city,
  shortName: `${name} (pendiente)`,
});
