import { parseStepChoices, type StepChoices, stepChoicesRecord } from '@/ui/card/card-steps';
import { browserStorage, STEPS_KEY } from './forget-steps';

/**
 * Which of the card's steps the student opened or closed (issue 62), kept in this browser for one
 * student at a time, so that a reload opens the card as she left it; removed when she signs out
 * or leaves the list (`forgetStepChoices`). A disabled or full storage, or a corrupted value, is
 * no choice.
 */
export function readStepChoices(uid: string): StepChoices {
  try {
    return parseStepChoices(browserStorage()?.getItem(STEPS_KEY) ?? null, uid);
  } catch {
    return {};
  }
}

export function saveStepChoices(uid: string, choices: StepChoices): void {
  try {
    browserStorage()?.setItem(STEPS_KEY, stepChoicesRecord(uid, choices));
  } catch {
    // Quota exceeded or storage disabled: the card still holds her choice for this visit.
  }
}
