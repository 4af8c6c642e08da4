import { campusLinkOf } from '@/domain/campus-page';
import { pageIdOf } from '@/data/campus-pages';

/**
 * The student's invite link: the site's address (or this page's origin), on the page of the
 * student's campus when it has one (`/campus/<id>?ref=CODE`, issue 60), else on the landing page
 * (`/?ref=CODE`: a campus added after this build, a pending one). Its own module: the catalogue
 * it reads comes with the invite step, not with the page.
 */
export const inviteLink = (origin: string, code: string, collegeId?: string | null): string =>
  campusLinkOf(origin, pageIdOf(collegeId), code);
