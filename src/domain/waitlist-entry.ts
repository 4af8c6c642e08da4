/** The document written under `waitlist/{uid}` when a student joins (spec section 3). */
export interface WaitlistEntry {
  readonly email: string;
  readonly collegeId: string;
  readonly timestamp: Date;
}
