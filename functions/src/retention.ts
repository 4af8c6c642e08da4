/**
 * Kept for the operators' command only (scripts/ops/retention.mjs loads functions/lib/retention.js):
 * retention is students.ts now. Delete once scripts/ops loads students.js (issue 58, part 4).
 */
export { applyRetention } from './students';
