import { privacyNoticeSettings } from './privacy-notice-settings';

/**
 * The privacy notice's one configuration, from this build's `VITE_PRIVACY_*` variables
 * (.env.example): the responsible party's name, postal address and contact e-mail, the date
 * of the last update, and the mail provider. A development build shows visible placeholders; a production build without
 * them fails (privacyNoticeProblem, run by scripts/build/site-files.ts).
 */
export const PRIVACY_NOTICE = privacyNoticeSettings({
  // Each variable by name: Vite then inlines these five, not the build's whole environment.
  VITE_PRIVACY_RESPONSIBLE: import.meta.env.VITE_PRIVACY_RESPONSIBLE,
  VITE_PRIVACY_ADDRESS: import.meta.env.VITE_PRIVACY_ADDRESS,
  VITE_PRIVACY_EMAIL: import.meta.env.VITE_PRIVACY_EMAIL,
  VITE_PRIVACY_UPDATED: import.meta.env.VITE_PRIVACY_UPDATED,
  VITE_PRIVACY_MAIL_PROVIDER: import.meta.env.VITE_PRIVACY_MAIL_PROVIDER,
});

/** Legal deadlines for an ARCO request (LFPDPPP, DOF 20 March 2025; see docs/architecture.md). */
/**
 * How long data is kept (issue 23), as the notice states it and the operators carry it out
 * (docs/privacy-operations.md): the sweep of accounts that never joined (npm run sweep:accounts,
 * --days 30 by default) and the deletion of a campus's entries after its launch notice.
 */
export const RETENTION = {
  /** Days without activity after which an account that never joined is deleted. */
  idleAccountDays: 30,
  /** Days after a campus's launch notice within which its entries are deleted. */
  afterLaunchDays: 90,
  /**
   * Days the e-mails' sender keeps a keyed digest of an address with what it sent there (issue
   * 51: src/domain/mail/recipient-limits.ts, LEDGER_KEEP_MS), even after the student leaves.
   */
  mailLedgerDays: 30,
  /**
   * Days the operators' log keeps an entry (issue 61: src/domain/operator/audit-log.ts,
   * AUDIT_LOG_DAYS; a test holds the two equal), a student's uid among them.
   */
  operatorLogDays: 730,
} as const;

export const ARCO_DEADLINES = {
  /** Business days to answer a complete request. */
  answerDays: 20,
  /** Business days to carry out a request found to be right, after the answer. */
  carryOutDays: 15,
} as const;
