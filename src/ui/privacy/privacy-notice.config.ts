import { privacyNoticeSettings } from './privacy-notice-settings';

/**
 * The privacy notice's one configuration, from this build's `VITE_PRIVACY_*` variables
 * (.env.example): the responsible party's name, postal address and contact e-mail, and the date
 * of the last update. A development build shows visible placeholders; a production build without
 * them fails (privacyNoticeProblem, run by scripts/build/site-files.ts).
 */
export const PRIVACY_NOTICE = privacyNoticeSettings({
  // Each variable by name: Vite then inlines these four, not the build's whole environment.
  VITE_PRIVACY_RESPONSIBLE: import.meta.env.VITE_PRIVACY_RESPONSIBLE,
  VITE_PRIVACY_ADDRESS: import.meta.env.VITE_PRIVACY_ADDRESS,
  VITE_PRIVACY_EMAIL: import.meta.env.VITE_PRIVACY_EMAIL,
  VITE_PRIVACY_UPDATED: import.meta.env.VITE_PRIVACY_UPDATED,
});

/** Legal deadlines for an ARCO request (LFPDPPP, DOF 20 March 2025; see docs/architecture.md). */
export const ARCO_DEADLINES = {
  /** Business days to answer a complete request. */
  answerDays: 20,
  /** Business days to carry out a request found to be right, after the answer. */
  carryOutDays: 15,
} as const;
