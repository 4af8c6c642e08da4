import { COLLEGE_CATALOGUE } from '@/data/college-catalogue';
import type { College } from '@/domain/college';

/** Whether an id names a campus of the catalogue (own keys only: `constructor` is none). */
export const isCatalogueCollege = (id: unknown): boolean =>
  typeof id === 'string' && COLLEGE_CATALOGUE.some((c) => c.id === id);

/**
 * The college of a stored id: the one the student chose when the ids agree, else the catalogue's,
 * else one named by its id (a campus added to the search index after this build).
 */
export function collegeOfId(id: string, chosen?: College | null): College {
  if (chosen?.id === id) return chosen;
  const known = COLLEGE_CATALOGUE.find((c) => c.id === id);
  return known
    ? { id, name: known.name, subname: known.subname, shortName: known.shortName }
    : { id, name: id, subname: '', shortName: id };
}
