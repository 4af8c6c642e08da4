import type { CampusRequest } from '@/domain/campus-request';

/**
 * 'Mi campus no aparece' (issue 28): the signed-in student's requests for campuses the catalogue
 * lacks, for operators to review (`npm run report`). The backend checks the request again, counts
 * one request per student and requested campus (a repeat is no error and counts once), and keeps
 * at most MAX_REQUESTS_PER_STUDENT distinct campuses per student (`resource-exhausted` beyond).
 */
export interface CampusRequests {
  request(uid: string, request: CampusRequest): Promise<void>;
}
