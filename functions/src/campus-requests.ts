/**
 * 'Mi campus no aparece' on Firebase (issue 28): the request checked again by the page's own rule
 * (a generated copy of src/domain/campus-request-rule.ts: letters, no link, no format character)
 * and counted by its key. `campusRequests/{uid}__{hash of the key}` = `{ uid, key, name, city, at }`,
 * admin-only: one document per student and requested campus, at most MAX_REQUESTS_PER_STUDENT per
 * student, counted in `campusRequesters/{uid}` (`{ count }`), which every request of the student
 * reads and writes in its transaction: parallel calls cannot pass the cap (issue 51).
 */
import { createHash } from 'node:crypto';
import { campusRequestKey, parseCampusRequest } from './campus-request-rule';

export { MAX_REQUESTS_PER_STUDENT } from './campus-request-rule';
export const REQUESTS_COLLECTION = 'campusRequests';
export const REQUESTERS_COLLECTION = 'campusRequesters';

/** The request tidied with its key and document id, or null when it is not one to keep. */
export function checkedRequest(
  uid: string,
  input: unknown,
): { id: string; key: string; name: string; city: string } | null {
  const parsed = parseCampusRequest(input);
  if (!parsed.ok) return null;
  const key = campusRequestKey(parsed.request);
  return { id: `${uid}__${requestKeyHash(key)}`, key, ...parsed.request };
}

/**
 * The 24 hex digits of a request key's sha-256: the end of its requests' document ids, and of its
 * pending campus's id (issue 49; src/domain/campus-request-rule.ts, requestKeyHash).
 */
export const requestKeyHash = (key: string): string =>
  createHash('sha256').update(key).digest('hex').slice(0, 24);

/** The key of src/domain/campus-request.ts (campusRequestKey). */
export const requestKey = (name: string, city: string): string => campusRequestKey({ name, city });
