import { type College, collegeFromRecord } from '@/domain/college';

/** One Algolia hit as a College: the record's `objectID` is the college's id (else its `id`). */
export function collegeFromAlgoliaHit(hit: unknown): College | null {
  if (typeof hit !== 'object' || hit === null) return null;
  const h = hit as Record<string, unknown>;
  return collegeFromRecord({ ...h, id: h.objectID }) ?? collegeFromRecord(h);
}

/**
 * Reads Algolia's answer to one search request (`{ results: [{ hits: [...] }] }`). A missing
 * results list or missing hits gives an empty list; unusable hits are left out.
 */
export function collegesFromAlgoliaAnswer(answer: unknown): College[] {
  if (typeof answer !== 'object' || answer === null) return [];
  const results = (answer as { results?: unknown }).results;
  if (!Array.isArray(results)) return [];
  const first: unknown = results[0];
  if (typeof first !== 'object' || first === null) return [];
  const hits = (first as { hits?: unknown }).hits;
  if (!Array.isArray(hits)) return [];
  return hits.map(collegeFromAlgoliaHit).filter((c): c is College => c !== null);
}
