// Generated from src/domain/operator/launch-plan.ts by `npm run functions:copies -- --write`. Do not edit:
// tests/tooling/data/functions-copies.test.ts fails when the two disagree.
/**
 * A campus's launch from the console (issue 61): a dry run first, then 'Lanzar' with the campus
 * id typed to confirm, now or at a chosen Mexico City time. A campus is launched once: the first
 * launch (or schedule) a backend records wins, a second is refused, and the launch e-mail goes
 * through the outbox, one message per student (the ids of src/domain/mail/outbox.ts).
 */

/** A launch as the backend records it. */
export type LaunchStatus =
  | { readonly state: 'none' }
  /** Queued for `at` (ISO instant); cancellable until then. */
  | { readonly state: 'scheduled'; readonly at: string; readonly by: string }
  /** Sent: the messages were recorded in the outbox at `at`. */
  | {
      readonly state: 'launched';
      readonly at: string;
      readonly by: string;
      readonly students: number;
    };

/** Why a backend refused a launch (the console says it in Spanish). */
export type LaunchRefusal =
  /** The typed id is not the campus's. */
  | 'confirmation'
  /** Not a campus of the catalogue (a pending one is added first). */
  | 'unknown-campus'
  /** Launched or scheduled already (by this operator or another). */
  | 'already'
  /** The chosen time is not a future time within LAUNCH_HORIZON_DAYS. */
  | 'time'
  /** Nothing scheduled to cancel (it ran, or another operator cancelled it). */
  | 'not-scheduled';

export const LAUNCH_REFUSALS: Readonly<Record<LaunchRefusal, string>> = {
  confirmation: 'Escribe el id del campus exactamente para confirmar el lanzamiento.',
  'unknown-campus': 'Ese campus no está en el catálogo.',
  already: 'Este campus ya se lanzó o tiene un lanzamiento programado.',
  time: 'Elige una hora futura, dentro de los próximos 60 días (hora de la Ciudad de México).',
  'not-scheduled': 'Este campus no tiene un lanzamiento programado.',
};

/** How far ahead a launch may be scheduled. */
export const LAUNCH_HORIZON_DAYS = 60;

/** The typed confirmation matches the campus id exactly (surrounding spaces forgiven). */
export const confirmsLaunch = (typed: unknown, collegeId: string): boolean =>
  typeof typed === 'string' && typed.trim() === collegeId;

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * A Mexico City wall time (`YYYY-MM-DDTHH:mm`, what an `<input type="datetime-local">` gives) as
 * an instant; null when it is not a real time. Mexico City keeps UTC-6 all year (since 2022).
 */
export function mexicoCityInstant(local: unknown): Date | null {
  if (typeof local !== 'string') return null;
  const m = LOCAL.exec(local);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  if (h > 23 || mi > 59) return null;
  const utc = Date.UTC(y, mo - 1, d, h + 6, mi);
  const check = new Date(Date.UTC(y, mo - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) {
    return null;
  }
  return new Date(utc);
}

/** An instant written as Mexico City's wall time, `YYYY-MM-DDTHH:mm`. */
export const mexicoCityLocal = (at: Date): string =>
  new Date(at.getTime() - 6 * 3_600_000).toISOString().slice(0, 16);

/**
 * When a launch asked for `at` (a Mexico City wall time, or null for now) runs: `now` for null, the
 * instant for a future time within the horizon, else null (refused: 'time').
 */
export function launchTime(at: unknown, now: Date): Date | null {
  if (at === null || at === undefined || at === '') return now;
  const instant = mexicoCityInstant(at);
  if (!instant) return null;
  const ms = instant.getTime() - now.getTime();
  return ms > 0 && ms <= LAUNCH_HORIZON_DAYS * 86_400_000 ? instant : null;
}
