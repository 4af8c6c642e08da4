/**
 * Kept for the operators' command only (scripts/ops/notify-campus.mjs loads
 * functions/lib/mail/campus-label.js): the campuses' names are generated into the mirror now.
 * Delete once scripts/ops loads mirror/data/campus-label.js (issue 58, part 4).
 */
export { CAMPUS_LABEL } from '../mirror/data/campus-label';
