import type { SellerCategory } from '@/domain/seller-choice';

/**
 * Who will sell, and what (issue 49, part 1): the signed-in student's own choice of offerings, in
 * a record of its own (the waitlist entry keeps its fields), deleted when they leave. Another
 * student's uid is refused with `permission-denied`; no student reads another's choice.
 */
export interface SellerChoices {
  /** The student's categories, in the landing page's order; [] when none is saved. */
  get(uid: string): Promise<SellerCategory[]>;
  /**
   * Replaces the student's choice (an empty list clears it) and resolves with it as stored.
   * Rejects with `not-found` when the student is not on the list, and with `invalid-argument` for
   * a category that is not one of the seven; neither writes anything.
   */
  save(uid: string, categories: readonly SellerCategory[]): Promise<SellerCategory[]>;
}
