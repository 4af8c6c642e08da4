import type { VisitSource } from '@/domain/visit-source';

/**
 * What the page remembers for this visit only (the tab's session): the invite code a student
 * arrived with (`/?ref=CODE`) and the visit's first source (`utm_*`, issue 49), until their join
 * records them. Reading never throws.
 */
export interface VisitRecord {
  readSource(): VisitSource | null;
  /** Remembers the source (null forgets it); a disabled storage is ignored. */
  saveSource(source: VisitSource | null): void;
  readInvite(): string | null;
  /** Remembers the code (null forgets it); a disabled storage is ignored. */
  saveInvite(code: string | null): void;
}
