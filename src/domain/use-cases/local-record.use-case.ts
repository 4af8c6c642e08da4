import type { LocalRecord } from '@/ports/local-record.port';
import type { College } from '@/domain/college';

/** The chosen college is kept in this browser (spec section 3, `selectedCollege`). */
export const createChooseCollege =
  ({ local }: { local: LocalRecord }) =>
  (college: College | null): void =>
    local.save({ selectedCollege: college });

/** The college chosen earlier in this browser, if any. */
export const createSavedCollege =
  ({ local }: { local: LocalRecord }) =>
  (): College | null =>
    local.read().selectedCollege;

/** Calls back when another tab changed what this browser keeps; returns the unsubscribe. */
export const createWatchLocalRecord =
  ({ local }: { local: LocalRecord }) =>
  (listener: () => void): (() => void) =>
    local.onExternalChange(listener);
