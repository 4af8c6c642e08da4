import type { CampusRequest, PendingCampus } from '@/domain/campus-request';

/**
 * 'Mi campus no aparece' (issue 28): the signed-in student's requests for campuses the catalogue
 * lacks, for operators to review (`npm run report`). The backend checks the request again, counts
 * one request per student and requested campus (a repeat is no error and counts once), and keeps
 * at most MAX_REQUESTS_PER_STUDENT distinct campuses per student (`resource-exhausted` beyond).
 */
export interface CampusRequests {
  /**
   * Resolves with the requested campus as the student may now join it, pending (issue 49:
   * `pendiente-<hash of the key>`, the name and city as the first student who asked wrote them;
   * the same for a repeat). Once an operator added it to the catalogue, joining it is joining the
   * catalogue's campus.
   */
  request(uid: string, request: CampusRequest): Promise<PendingCampus>;
}
