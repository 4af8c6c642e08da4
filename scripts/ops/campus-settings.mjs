// The operators' campus settings (issue 28), read from the command line and checked as
// src/domain/campus-progress.ts checks them (tests/firebase/ops-scripts.test.ts and
// tests/supabase/campus-ops.test.ts hold the scripts to it): a threshold of 1 to 100000 verified
// students, a state (gathering, opening, open) and an opening day (YYYY-MM-DD, or `none`).
import { fail } from './admin.mjs';

export const STATES = ['gathering', 'opening', 'open'];
export const MAX_THRESHOLD = 100_000;
const ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A real calendar day written YYYY-MM-DD. */
export function isDay(value) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The campus id of --campus, or exit 2 with the usage. */
export function campusId(value, usage) {
  if (!value || value.length > 64 || !ID.test(value)) {
    fail(`--campus needs a college id such as udg-cucei.\n${usage}`);
  }
  return value;
}

/** The changes asked for (--threshold, --state, --opens): only what was given; exit 2 on a bad one. */
export function settingsChange(options, usage) {
  const change = {};
  if (options.threshold !== undefined) {
    const n = Number(options.threshold);
    if (!Number.isInteger(n) || n < 1 || n > MAX_THRESHOLD) {
      fail(`--threshold is a whole number from 1 to ${MAX_THRESHOLD}.\n${usage}`);
    }
    change.threshold = n;
  }
  if (options.state !== undefined) {
    if (!STATES.includes(options.state)) fail(`--state is one of ${STATES.join(', ')}.\n${usage}`);
    change.state = options.state;
  }
  if (options.opens !== undefined) {
    if (options.opens !== 'none' && !isDay(options.opens)) {
      fail(`--opens is a day (YYYY-MM-DD) or none.\n${usage}`);
    }
    change.opensOn = options.opens === 'none' ? null : options.opens;
  }
  if (Object.keys(change).length === 0) {
    fail(`set needs --threshold, --state or --opens.\n${usage}`);
  }
  return change;
}
