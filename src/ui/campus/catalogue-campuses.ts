import { COLLEGE_CATALOGUE } from '@/data/college-catalogue';
import { CAMPUS_PAGE_IDS } from '@/data/campus-pages';
import type { PageCampus } from './page-campus';

/**
 * Every campus that has a page (issue 60), from the seed catalogue. Only the prerender and the dev
 * server import this module: the browser reads its page's campus from the page (`data-campus`).
 */
export const catalogueCampuses = (): PageCampus[] =>
  COLLEGE_CATALOGUE.filter((entry) => CAMPUS_PAGE_IDS.has(entry.id)).map(
    ({ id, name, subname, shortName, city, state }) => ({
      college: { id, name, subname, shortName },
      city,
      state,
    }),
  );

/** The campus of a page's id, or null: no campus of the catalogue has it. */
export const catalogueCampus = (id: string): PageCampus | null =>
  catalogueCampuses().find((campus) => campus.college.id === id) ?? null;
