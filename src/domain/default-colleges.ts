import { DEFAULT_CATALOGUE_ENTRIES } from '@/data/default-colleges';
import type { College } from './college';

/**
 * The three default colleges of spec section 3, offered for an empty search and on failure. A
 * module of their own: a page that reads only college.ts's functions (a campus page's first load,
 * issue 60) bundles none of the catalogue's data.
 */
export const DEFAULT_COLLEGES: readonly College[] = Object.freeze(
  DEFAULT_CATALOGUE_ENTRIES.map(({ id, name, subname, shortName }) => ({
    id,
    name,
    subname,
    shortName,
  })),
);
