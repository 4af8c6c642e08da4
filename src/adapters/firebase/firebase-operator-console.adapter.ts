import { AppError } from '@/domain/errors';
import type { OperatorConsole } from '@/ports/operator-console.port';
import { type CallableOptions, callableFunction } from './firebase-callable';
import { toBackendError } from './firebase-errors';
import {
  accessOfAnswer,
  addResultOfAnswer,
  auditLogOfAnswer,
  campusDaysOfAnswer,
  campusesOfAnswer,
  campusOfAnswer,
  healthOfAnswer,
  heroReviewOfAnswer,
  launchStatusOfAnswer,
  previewOfAnswer,
  requestsOfAnswer,
  studentOfAnswer,
} from './operator-console-answer';

/** The console's one callable function (functions/src/operator-console.ts). */
export const OPERATOR_CONSOLE_FUNCTION = 'operator_console';

/**
 * A refusal's name (a SettingsProblem, a LaunchRefusal, 'campus-add:<field>'): the function sends
 * it as `details.problem` of an `invalid-argument`; it becomes the AppError's message.
 */
function refusalOf(error: unknown): AppError | null {
  const e = error as { code?: unknown; details?: { problem?: unknown } } | null;
  const problem = e?.details?.problem;
  if (e?.code !== 'functions/invalid-argument' || typeof problem !== 'string') return null;
  return new AppError('invalid-argument', problem, { cause: error });
}

/**
 * The operator console (issue 61) over the callable `operator_console`: each method sends
 * `{ op, ...arguments }` with the signed-in account's token; the function checks the `operator`
 * custom claim first and refuses anyone else `permission-denied`, whatever is sent. Answers are
 * read strictly (operator-console-answer.ts): a malformed one is `internal`.
 */
export function createFirebaseOperatorConsole(options: CallableOptions): OperatorConsole {
  const callable = callableFunction(options, OPERATOR_CONSOLE_FUNCTION);
  async function call<T>(op: string, args: Record<string, unknown>, read: (a: unknown) => T) {
    let answer: unknown;
    try {
      answer = await callable({ op, ...args });
    } catch (error) {
      throw refusalOf(error) ?? toBackendError(error);
    }
    try {
      return read(answer);
    } catch (error) {
      throw new AppError('internal', error instanceof Error ? error.message : String(error), {
        cause: error,
      });
    }
  }
  const nothing = (): void => undefined;
  return {
    access: () => call('access', {}, accessOfAnswer),
    campuses: () => call('campuses', {}, campusesOfAnswer),
    campusDays: (collegeId) => call('campusDays', { collegeId }, campusDaysOfAnswer),
    saveSettings: (collegeId, settings) =>
      call('saveSettings', { collegeId, settings }, campusOfAnswer),
    launchPreview: (collegeId) => call('launchPreview', { collegeId }, previewOfAnswer),
    launch: (collegeId, { confirm, at }) =>
      call('launch', { collegeId, confirm, at }, launchStatusOfAnswer),
    cancelLaunch: (collegeId) => call('cancelLaunch', { collegeId }, launchStatusOfAnswer),
    requests: () => call('requests', {}, requestsOfAnswer),
    addCampus: (input) => call('addCampus', { input }, addResultOfAnswer),
    heroPhotos: () => call('heroPhotos', {}, heroReviewOfAnswer),
    reviewPhoto: (uid, approved) => call('reviewPhoto', { uid, approved }, nothing),
    setStrip: (enabled) => call('setStrip', { enabled }, nothing),
    findStudent: (email) =>
      call('findStudent', { email }, (a) => (a === null ? null : studentOfAnswer(a))),
    exportStudent: (uid) => call('exportStudent', { uid }, studentOfAnswer),
    deleteStudent: (uid) => call('deleteStudent', { uid }, nothing),
    health: () => call('health', {}, healthOfAnswer),
    auditLog: (limit) => call('auditLog', limit === undefined ? {} : { limit }, auditLogOfAnswer),
  };
}
