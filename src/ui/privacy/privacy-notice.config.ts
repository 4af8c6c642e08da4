import { privacyNoticeSettings } from './privacy-notice-settings';

/**
 * The privacy notice's one configuration, from this build's `VITE_PRIVACY_*` variables
 * (.env.example): the responsible party's name, postal address and contact e-mail, and the date
 * of the last update. A development build shows visible placeholders; a production build without
 * them fails (privacyNoticeProblem, run by scripts/build/site-files.ts).
 */
export const PRIVACY_NOTICE = privacyNoticeSettings(import.meta.env);

/** Legal deadlines for an ARCO request (LFPDPPP, DOF 20 March 2025; see docs/architecture.md). */
export const ARCO_DEADLINES = {
  /** Business days to answer a complete request. */
  answerDays: 20,
  /** Business days to carry out a request found to be right, after the answer. */
  carryOutDays: 15,
} as const;
