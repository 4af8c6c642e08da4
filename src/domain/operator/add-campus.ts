/**
 * 'Agregar al catálogo' (issue 61): what an operator types to make a requested campus a catalogue
 * campus, checked the same way by the console (before sending), every backend's server (the
 * functions use this file through functions/src/mirror/, the memory adapter directly, the SQL
 * repeats it in public.operator_add_campus) and `npm run campus:add`. Nothing is copied from what
 * the students typed (issue 59): every field is the operator's.
 */
import { isPendingCampusId } from '../campus-request-rule';
import { isCollegeId } from '../college';

/** 'Agregar al catálogo': everything typed by the operator, nothing copied from the request. */
export interface AddCampusInput {
  readonly request: string;
  /** The catalogue id, lowercase words joined by '-' ('udg-cucei'). */
  readonly id: string;
  readonly name: string;
  readonly shortName: string;
  readonly city: string;
  /** The Mexican state ('Jalisco'). */
  readonly state: string;
  /** The university's e-mail domains ('alumnos.udg.mx'), at least one. */
  readonly domains: readonly string[];
}

/** The longest name and city; a short name and a state are at most SHORT_NAME_LENGTH. */
export const NAME_LENGTH = 120;
export const SHORT_NAME_LENGTH = 60;
/** At most this many university e-mail domains per campus. */
export const MAX_DOMAINS = 10;

/** Which field an add gets wrong: the server's refusal is 'campus-add:<field>'. */
export type AddCampusProblem =
  'request' | 'id' | 'name' | 'shortName' | 'city' | 'state' | 'domains';

/** A domain name of labels and a letters-only top level ('alumnos.udg.mx'), lowercase. */
const DOMAIN = /^(?=.{4,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,}$/;

/** One line of text, trimmed, 1 to `max` characters, no control characters or angle brackets. */
function line(value: unknown, max: number): string | null {
  if (typeof value !== 'string') return null;
  const text = value.replace(/\s+/g, ' ').trim();
  // eslint-disable-next-line no-control-regex
  return text && text.length <= max && !/[\u0000-\u001f\u007f<>]/.test(text) ? text : null;
}

/**
 * The typed input, tidied (spaces folded, domains lowercase and once each), or the first field it
 * gets wrong, in the order of AddCampusProblem.
 */
export function checkAddCampus(
  value: unknown,
): { ok: true; input: AddCampusInput } | { ok: false; problem: AddCampusProblem } {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  if (!isPendingCampusId(v.request)) return { ok: false, problem: 'request' };
  if (!isCollegeId(v.id) || isPendingCampusId(v.id)) return { ok: false, problem: 'id' };
  const name = line(v.name, NAME_LENGTH);
  if (name === null) return { ok: false, problem: 'name' };
  const shortName = line(v.shortName, SHORT_NAME_LENGTH);
  if (shortName === null) return { ok: false, problem: 'shortName' };
  const city = line(v.city, NAME_LENGTH);
  if (city === null) return { ok: false, problem: 'city' };
  const state = line(v.state, SHORT_NAME_LENGTH);
  if (state === null) return { ok: false, problem: 'state' };
  const domains = Array.isArray(v.domains)
    ? [...new Set(v.domains.map((d) => (typeof d === 'string' ? d.trim().toLowerCase() : '')))]
    : [];
  if (!domains.length || domains.length > MAX_DOMAINS || !domains.every((d) => DOMAIN.test(d))) {
    return { ok: false, problem: 'domains' };
  }
  return {
    ok: true,
    input: {
      request: v.request as string,
      id: v.id,
      name,
      shortName,
      city,
      state,
      domains,
    },
  };
}
