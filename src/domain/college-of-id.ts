import { COLLEGE_CATALOGUE } from '@/data/college-catalogue';
import type { College } from '@/domain/college';
import { isPendingCampusId } from '@/domain/campus-request-rule';

/** Whether an id names a campus of the catalogue (own keys only: `constructor` is none). */
export const isCatalogueCollege = (id: unknown): boolean =>
  typeof id === 'string' && COLLEGE_CATALOGUE.some((c) => c.id === id);

/**
 * The college of a stored id: the one the student chose when the ids agree, else the catalogue's,
 * a requested campus's placeholder, else one named by its id (a campus added to the search index
 * after this build).
 */
export function collegeOfId(id: string, chosen?: College | null): College {
  if (chosen?.id === id) return chosen;
  const known = COLLEGE_CATALOGUE.find((c) => c.id === id);
  if (known) return { id, name: known.name, subname: known.subname, shortName: known.shortName };
  // A requested campus chosen on another device (issue 49): its name is the server's.
  if (isPendingCampusId(id)) {
    return {
      id,
      name: 'Campus solicitado',
      subname: '',
      shortName: 'Campus solicitado (pendiente)',
    };
  }
  return { id, name: id, subname: '', shortName: id };
}
