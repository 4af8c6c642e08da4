import { COLLEGE_CATALOGUE } from './college-catalogue';

/**
 * The campuses that have a page of their own (`/campus/<id>`, issue 60): every campus of the seed
 * catalogue, prerendered at build time. A campus added later (`campus:add`) or pending has none.
 */
export const CAMPUS_PAGE_IDS: ReadonlySet<string> = new Set(COLLEGE_CATALOGUE.map((c) => c.id));

/** The id when that campus has a page, else null (for campusLinkOf, src/domain/campus-page.ts). */
export const pageIdOf = (collegeId: string | null | undefined): string | null =>
  collegeId && CAMPUS_PAGE_IDS.has(collegeId) ? collegeId : null;
