/**
 * 'Mi campus no aparece' checked again on the server, free of Firebase (the unit suite and the
 * root typecheck load it without functions/node_modules): the page's own text rule (letters, no
 * link, no format character) and key, src/domain/campus-request-rule.ts (mirrored). campus-requests.ts
 * keeps the requests in Firestore.
 */
import { campusRequestKey, parseCampusRequest } from './mirror/domain/campus-request-rule';

/** The request tidied with its key, or null when it is not one to keep. */
export function checkedRequest(input: unknown): { key: string; name: string; city: string } | null {
  const parsed = parseCampusRequest(input);
  if (!parsed.ok) return null;
  return { key: campusRequestKey(parsed.request), ...parsed.request };
}
