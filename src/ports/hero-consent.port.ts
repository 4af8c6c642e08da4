import type { HeroConsent } from '@/domain/hero-consent';

/**
 * The student's consent to show their profile photo in the hero strip: a record of its own beside
 * the waitlist entry, keyed by uid, holding the date it was given. The record exists while the
 * consent is current; revoking deletes it. Only the signed-in student's own record may be read
 * or written; another student's uid is refused with `permission-denied`.
 */
export interface HeroConsentRepo {
  /** The student's current consent, or null when they have not given it (or revoked it). */
  get(uid: string): Promise<HeroConsent | null>;
  /** Records the consent, dated by the backend (giving it again renews the date). */
  grant(uid: string): Promise<void>;
  /** Deletes the consent record; revoking a consent that is not there is no error (a retry). */
  revoke(uid: string): Promise<void>;
}
