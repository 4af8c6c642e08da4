/**
 * The joined card's next steps (issue 62), in order of what they do for the campus: verifying the
 * university address (the step that makes the student count), inviting classmates, selling, and
 * the student's own data. Which are open is decided here, from what the card knows and what the
 * student chose, so that it is testable without rendering. Pure.
 */
export const STEP_IDS = ['verify', 'invite', 'sell', 'data'] as const;
export type StepId = (typeof STEP_IDS)[number];

/** The student's own choices: a step she opened (true) or closed (false); absent = default. */
export type StepChoices = Partial<Record<StepId, boolean>>;

/** What the card knows that decides a step's state. */
export interface StepFacts {
  /** The student counts for her campus (verified by her university e-mail). */
  readonly counts: boolean;
  /** Steps showing an error (with 'Reintentar'): they stay open until it is gone. */
  readonly errors: Partial<Record<StepId, boolean>>;
}

export type OpenSteps = Readonly<Record<StepId, boolean>>;

/**
 * Which steps are open. Verifying is open by default while the student does not count, and once
 * she counts it is a done line, never open; the others are closed until she opens them; a step
 * with an error is open whatever she chose.
 */
export function openSteps({ counts, errors }: StepFacts, choices: StepChoices): OpenSteps {
  const open = (step: StepId, byDefault: boolean) => !!errors[step] || (choices[step] ?? byDefault);
  return {
    verify: !counts && open('verify', true),
    invite: open('invite', false),
    sell: open('sell', false),
    data: open('data', false),
  };
}

/**
 * The first open step among those shown, in the list's order, or null (where focus goes after a
 * join).
 */
export const firstOpenStep = (
  open: OpenSteps,
  shown: readonly StepId[] = STEP_IDS,
): StepId | null => STEP_IDS.find((step) => open[step] && shown.includes(step)) ?? null;

/** Her choices after she opened or closed one step (the others as they were). */
export const chose = (choices: StepChoices, step: StepId, isOpen: boolean): StepChoices => ({
  ...choices,
  [step]: isOpen,
});

/** Longer stored values are not ours: they are ignored without being parsed. */
const MAX_STORED = 512;

/**
 * This browser's record of one student's choices, read back: anything corrupted, foreign, huge
 * or about another student reads as no choice. Never throws.
 */
export function parseStepChoices(raw: string | null, uid: string): StepChoices {
  if (raw === null || raw.length > MAX_STORED) return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return {};
    const { uid: owner, open } = value as { uid?: unknown; open?: unknown };
    if (owner !== uid || typeof open !== 'object' || open === null) return {};
    const stored = open as Record<string, unknown>;
    return Object.fromEntries(
      STEP_IDS.filter((step) => typeof stored[step] === 'boolean').map((step) => [
        step,
        stored[step],
      ]),
    );
  } catch {
    return {};
  }
}

/** The record of one student's choices, as stored. */
export const stepChoicesRecord = (uid: string, choices: StepChoices): string =>
  JSON.stringify({ uid, open: choices });
