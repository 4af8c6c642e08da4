/**
 * What the page remembers for this visit only (the tab's session): the invite code a student
 * arrived with (`/?ref=CODE`), until their join records it. Reading never throws.
 */
export interface VisitRecord {
  readInvite(): string | null;
  /** Remembers the code (null forgets it); a disabled storage is ignored. */
  saveInvite(code: string | null): void;
}
