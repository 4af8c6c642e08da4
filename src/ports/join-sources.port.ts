import type { VisitSource } from '@/domain/visit-source';

/**
 * Where students came from (issue 49, part 2): the clamped `utm_*` values of the visit a student
 * joined in, written once in a record of its own and deleted when they leave. First-party only:
 * no cookie, no third party. Another student's uid is refused with `permission-denied`.
 */
export interface JoinSources {
  /**
   * Records the student's source unless one is recorded: resolves true when this call wrote it,
   * false when nothing was written (one was there, or the student is not on the list). A value
   * that is not a clamped one is refused with `invalid-argument` and writes nothing.
   */
  record(uid: string, source: VisitSource): Promise<boolean>;
}
