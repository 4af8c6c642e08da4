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
export const PRIVACY_NOTICE_VERSION = '2026-12-03';

/** A notice version as the backends accept it: a date, YYYY-MM-DD. */
export const NOTICE_VERSION_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Every version of the privacy notice ever published, oldest first (issue 59): the dates its text
 * changed. tests/app/unit/join-terms.test.ts keeps this equal to the notice's history (the
 * fingerprint of each version's text), and the backends accept only these after the grace date
 * (firestore.rules, the Postgres policy, the memory backend).
 */
export const PUBLISHED_NOTICE_VERSIONS = [
  '2026-11-28',
  '2026-11-29',
  '2026-11-30',
  '2026-12-01',
  '2026-12-02',
  '2026-12-03',
] as const;

/**
 * Until this day (UTC) a join may still come without the 18+ confirmation and the notice's
 * version, or with any version shaped as a date: a tab left open since before the terms were
 * recorded. From it on, every new entry confirms the age and names a published version.
 */
export const JOIN_TERMS_GRACE_UNTIL = '2026-12-15';

/** A join's terms as a server receives them: anything, or nothing (a page from before them). */
export interface OfferedJoinTerms {
  readonly adult?: unknown;
  readonly noticeVersion?: unknown;
}

/**
 * Whether a server accepts a new entry with these terms at `now`: the 18+ confirmation with a
 * published version always; before the grace date, also both missing (an old page) or any
 * version shaped as a date.
 */
export function acceptsJoinTerms(terms: OfferedJoinTerms, now: Date): boolean {
  const { adult, noticeVersion } = terms;
  if (adult === true && (PUBLISHED_NOTICE_VERSIONS as readonly unknown[]).includes(noticeVersion)) {
    return true;
  }
  if (now.getTime() >= Date.parse(`${JOIN_TERMS_GRACE_UNTIL}T00:00:00Z`)) return false;
  if (adult === undefined && noticeVersion === undefined) return true;
  return (
    adult === true &&
    typeof noticeVersion === 'string' &&
    NOTICE_VERSION_PATTERN.test(noticeVersion)
  );
}

/** Written with a new entry, beside its e-mail, campus and date. */
export interface JoinTerms {
  /** The student confirmed they are 18 or older. */
  readonly adult: true;
  /** The privacy notice they joined under. */
  readonly noticeVersion: string;
}

export const JOIN_TERMS: JoinTerms = { adult: true, noticeVersion: PRIVACY_NOTICE_VERSION };
