// Generated from src/domain/campus-progress.ts by `npm run functions:copies -- --write`. Do not edit:
// tests/tooling/data/functions-copies.test.ts fails when the two disagree.
/**
 * How close a campus is to opening (issue 28). The marketplace opens campus by campus when enough
 * verified students have joined; operators set each campus's threshold, state and opening date.
 * Every backend's server side computes the count and applies these rules before answering, so a
 * figure under the floor never leaves the server (the Cloud Functions use this very file, copied
 * into functions/src/mirror/domain/; the Supabase function public.my_campus repeats it in SQL, and tests
 * hold the two equal).
 */

/** Below this many verified students no figure is shown or sent: it could single a student out. */
export const PROGRESS_FLOOR = 10;
/** The threshold of a campus the operators have not set one for. */
export const DEFAULT_THRESHOLD = 100;
/** The largest threshold an operator may set (a typo such as 10000000 is refused). */
export const MAX_THRESHOLD = 100_000;

/** gathering: collecting sign-ups; opening: about to open; open: the marketplace is live. */
export const CAMPUS_STATES = ['gathering', 'opening', 'open'] as const;
export type CampusState = (typeof CAMPUS_STATES)[number];

export const isCampusState = (value: unknown): value is CampusState =>
  (CAMPUS_STATES as readonly unknown[]).includes(value);

/** What operators set for one campus (a campus with none gets `DEFAULT_SETTINGS`). */
export interface CampusSettings {
  readonly threshold: number;
  readonly state: CampusState;
  /** The opening date, when the team has set one (a calendar day, `YYYY-MM-DD`). */
  readonly opensOn: string | null;
}

export const DEFAULT_SETTINGS: CampusSettings = {
  threshold: DEFAULT_THRESHOLD,
  state: 'gathering',
  opensOn: null,
};

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written `YYYY-MM-DD`, else null. */
export function parseDay(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = DAY.exec(value);
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
    ? value
    : null;
}

export const isThreshold = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_THRESHOLD;

/** Reads operator settings as stored; anything missing or unusable takes the default. */
export function parseSettings(value: unknown): CampusSettings {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  return {
    threshold: isThreshold(v.threshold) ? v.threshold : DEFAULT_THRESHOLD,
    state: isCampusState(v.state) ? v.state : DEFAULT_SETTINGS.state,
    opensOn: parseDay(v.opensOn),
  };
}

/** A campus's progress as the page may show it: the count only from the floor up. */
export interface CampusProgress {
  readonly collegeId: string;
  readonly state: CampusState;
  readonly threshold: number;
  /** Verified students who joined; null below the floor (the campus is just starting). */
  readonly verified: number | null;
  readonly opensOn: string | null;
}

/** The progress of a campus from its true count and its settings, floored. */
export function publicProgress(
  collegeId: string,
  verifiedCount: number,
  settings: CampusSettings = DEFAULT_SETTINGS,
): CampusProgress {
  const count = Number.isInteger(verifiedCount) && verifiedCount > 0 ? verifiedCount : 0;
  return {
    collegeId,
    state: settings.state,
    threshold: settings.threshold,
    verified: count >= PROGRESS_FLOOR ? count : null,
    opensOn: settings.opensOn,
  };
}

/** How many more verified students the campus needs (0 once reached); null below the floor. */
export const studentsMissing = (progress: CampusProgress): number | null =>
  progress.verified === null ? null : Math.max(0, progress.threshold - progress.verified);

/**
 * Reads a progress as a backend sends it: anything malformed, or a figure under the floor (a
 * server that forgot the rule), gives the floored answer, never a figure under the floor.
 */
export function parseProgress(collegeId: string, value: unknown): CampusProgress {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const settings = parseSettings(v);
  const verified = typeof v.verified === 'number' && Number.isInteger(v.verified) ? v.verified : 0;
  return publicProgress(collegeId, verified, settings);
}

/**
 * A progress from a backend's answer (`{ verifiedCount, threshold, state, opensOn }`, each adapter
 * mapping its own names to these), through parseProgress: never a figure under the floor.
 */
export const progressOfAnswer = (
  collegeId: string,
  answer: Record<string, unknown>,
): CampusProgress =>
  parseProgress(collegeId, {
    verified: answer.verifiedCount,
    threshold: answer.threshold,
    state: answer.state,
    opensOn: answer.opensOn,
  });

/**
 * Reads a campus's public progress as a backend answers it (issue 60: `{ collegeId,
 * verifiedCount, threshold, state, opensOn }`); null for anything that is not an object naming
 * the campus asked for (no campus, another one, a malformed answer).
 */
export function parsePublicProgress(asked: string, answer: unknown): CampusProgress | null {
  if (typeof answer !== 'object' || answer === null) return null;
  const a = answer as Record<string, unknown>;
  return a.collegeId === asked ? progressOfAnswer(asked, a) : null;
}

/** The signed-in student's campus: its progress and whether the student counts toward it. */
export interface MyCampus {
  readonly progress: CampusProgress;
  /** The server found the student's e-mail on one of the campus's domains. */
  readonly verified: boolean;
  /**
   * What the campus's students call their university in 'Verificado con tu correo de la UdeG'
   * (for example 'UdeG', 'Tec', 'ITESO'); null when the campus has no e-mail domain on file.
   */
  readonly university: string | null;
  /**
   * The campus's names as the backend holds them (issue 49: a campus an operator added after this
   * build, a requested one still pending), or null when the answer gave none: the page then names
   * it from its own catalogue.
   */
  readonly names?: CampusNames | null;
}

export interface CampusNames {
  readonly name: string;
  readonly subname: string;
  readonly shortName: string;
}

const NAME_LENGTH = 200;
const aName = (value: unknown): string | null =>
  typeof value === 'string' && value.length <= NAME_LENGTH ? value : null;

/**
 * Reads the student's campus as a backend answers it (`{ collegeId, verified, verifiedCount,
 * threshold, state, opensOn, universityOf, name, subname, shortName }`, each adapter mapping its
 * own names to these; the names are optional); null
 * when the answer names no campus. The progress goes through `parseProgress`: never a figure
 * under the floor.
 */
export function parseMyCampus(answer: unknown): MyCampus | null {
  const a = (typeof answer === 'object' && answer !== null ? answer : {}) as Record<
    string,
    unknown
  >;
  if (typeof a.collegeId !== 'string') return null;
  return {
    progress: progressOfAnswer(a.collegeId, a),
    verified: a.verified === true,
    university: typeof a.universityOf === 'string' ? a.universityOf : null,
    names: namesOf(a),
  };
}

function namesOf(a: Record<string, unknown>): CampusNames | null {
  const name = aName(a.name);
  if (!name) return null;
  const subname = aName(a.subname) ?? '';
  return { name, subname, shortName: aName(a.shortName) || subname || name };
}
