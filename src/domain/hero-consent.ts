/**
 * A student's consent to appear in the hero strip (their profile photo, shown to every visitor):
 * the privacy notice's secondary purpose, never assumed. Off unless the student turns it on.
 */
export interface HeroConsent {
  /** When the consent was given (the backend's time). */
  readonly grantedAt: Date;
}
