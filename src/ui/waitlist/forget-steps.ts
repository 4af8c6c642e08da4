/**
 * Where this browser keeps which of the card's steps a student opened (issue 62, step-memory.ts),
 * and its removal on sign-out. Its own small file: the page's first script carries only this.
 */
export const STEPS_KEY = 'waitlistSteps';

export function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The browser keeps nothing of the student's steps (sign-out, leaving the list). */
export function forgetStepChoices(): void {
  try {
    browserStorage()?.removeItem(STEPS_KEY);
  } catch {
    // A disabled storage holds nothing to forget.
  }
}
