/**
 * Kept for the operators' commands only (scripts/ops/notify-campus.mjs and campus-add.mjs load
 * functions/lib/mail-firestore.js): the names they take from here, now in their features' files.
 * Delete once scripts/ops loads campus-launch.js and students.js (issue 58, part 4).
 */
export { queueLaunch } from './campus-launch';
export { googleAccounts, googleNames } from './students';
