/**
 * What a student agrees to by joining (issue 51, item 9), recorded with their entry on every
 * backend. The join note under the form says it: 'Al unirte confirmas que tienes 18 años o más…'
 * (the list is for adults: the privacy notice's section 'edad'), so pressing 'Unirse a la Lista de
 * Espera' is the confirmation, and the entry records it with the version of the privacy notice
 * the page showed. A consent to the hero strip records that version too.
 */

/**
 * The privacy notice's version: the date of its last change of substance. Change it with the
 * notice's text (src/ui/privacy/privacy-notice-page.tsx, privacy-notice.config.ts): a test
 * (tests/app/unit/join-terms.test.ts) fails when the text changes and this does not.
 */
export const PRIVACY_NOTICE_VERSION = '2026-12-01';

/** A notice version as the backends accept it: a date, YYYY-MM-DD. */
export const NOTICE_VERSION_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Written with a new entry, beside its e-mail, campus and date. */
export interface JoinTerms {
  /** The student confirmed they are 18 or older. */
  readonly adult: true;
  /** The privacy notice they joined under. */
  readonly noticeVersion: string;
}

export const JOIN_TERMS: JoinTerms = { adult: true, noticeVersion: PRIVACY_NOTICE_VERSION };
