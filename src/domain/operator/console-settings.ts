/**
 * A campus's settings as the operator console changes them (issue 61): the threshold, the seller
 * minimum, the state and the opening date. Checked here, in the browser before sending, and again
 * by every backend's server (the functions use this file through functions/src/mirror/; the SQL
 * repeats it), so an invalid change writes nothing anywhere.
 */
import {
  type CampusState,
  isCampusState,
  MAX_THRESHOLD,
  parseDay,
  PROGRESS_FLOOR,
} from '../campus-progress';
import { isSellerMinimum } from './readiness';

/** The lowest threshold the console accepts: under the progress floor no figure is ever shown. */
export const MIN_THRESHOLD = PROGRESS_FLOOR;

export interface ConsoleSettings {
  readonly threshold: number;
  readonly sellerMinimum: number;
  readonly state: CampusState;
  /** A calendar day `YYYY-MM-DD` (Mexico City), or null for none. */
  readonly opensOn: string | null;
}

/** Which field a refused change got wrong (the console names it in Spanish). */
export type SettingsProblem = 'threshold' | 'sellerMinimum' | 'state' | 'opensOn';

export const SETTINGS_PROBLEMS: Readonly<Record<SettingsProblem, string>> = {
  threshold: `El umbral debe ser un número entero entre ${MIN_THRESHOLD} y ${MAX_THRESHOLD.toLocaleString('es-MX')}.`,
  sellerMinimum: 'El mínimo de vendedores debe ser un número entero entre 0 y 10,000.',
  state: 'Elige un estado: reuniendo, por abrir o abierto.',
  opensOn: 'La fecha de apertura debe ser un día válido, hoy o después.',
};

/** The day it is now in Mexico City (UTC-6 all year since 2022), `YYYY-MM-DD`. */
export const mexicoCityDay = (now: Date): string =>
  new Date(now.getTime() - 6 * 3_600_000).toISOString().slice(0, 10);

/**
 * The settings when valid (`ok`), else the first problem. `today` is Mexico City's day: an
 * opening date before it is refused; today itself is allowed.
 */
export function checkSettings(
  value: unknown,
  now: Date,
): { ok: true; settings: ConsoleSettings } | { ok: false; problem: SettingsProblem } {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const threshold = v.threshold;
  if (
    typeof threshold !== 'number' ||
    !Number.isInteger(threshold) ||
    threshold < MIN_THRESHOLD ||
    threshold > MAX_THRESHOLD
  ) {
    return { ok: false, problem: 'threshold' };
  }
  if (!isSellerMinimum(v.sellerMinimum)) return { ok: false, problem: 'sellerMinimum' };
  if (!isCampusState(v.state)) return { ok: false, problem: 'state' };
  let opensOn: string | null = null;
  if (v.opensOn !== null && v.opensOn !== undefined && v.opensOn !== '') {
    opensOn = parseDay(v.opensOn);
    if (opensOn === null || opensOn < mexicoCityDay(now)) return { ok: false, problem: 'opensOn' };
  }
  return {
    ok: true,
    settings: { threshold, sellerMinimum: v.sellerMinimum, state: v.state, opensOn },
  };
}
