// Generated from src/domain/campus-page.ts by `npm run functions:copies -- --write`. Do not edit:
// tests/tooling/data/functions-copies.test.ts fails when the two disagree.
/**
 * A page per catalogue campus (issue 60): `/campus/<id>`, prerendered at build time for every
 * campus of the seed catalogue, with its link preview and a poster (`/campus/<id>/cartel`). The
 * links the product shares about a campus (the invite link, WhatsApp, the e-mails) land on its
 * page when it has one, and on the landing page otherwise: a campus added after the build
 * (`campus:add`) has no page until the next deploy, a pending campus never (its name is a
 * student's text). Which campuses have a page is the caller's catalogue: this module imports only
 * the college-id rule, so the Cloud Functions copy both as they are.
 */
import { isCollegeId } from './college';

/** Where campus pages live. */
export const CAMPUS_PAGES_PATH = '/campus';

/** Whether `id` can name a campus page: a college id (a lowercase ASCII slug), so no id escapes the path. */
export const isCampusPageId = isCollegeId;

/** A campus page's path: `/campus/udg-cucei`. Throws for an id that is not a slug. */
export function campusPagePath(id: string): string {
  if (!isCampusPageId(id)) throw new RangeError(`Not a campus page id: ${JSON.stringify(id)}`);
  return `${CAMPUS_PAGES_PATH}/${id}`;
}

/** A campus's poster: `/campus/udg-cucei/cartel`. */
export const campusPosterPath = (id: string): string => `${campusPagePath(id)}/cartel`;

/**
 * The campus id of a page's path (`/campus/udg-cucei`, with `.html` or a trailing slash too), or
 * null for any other path: the poster's, a nested one, an id that is not a slug.
 */
export function campusIdOfPath(pathname: string): string | null {
  const match = /^\/campus\/([^/]+?)(?:\.html|\/)?$/.exec(pathname);
  return match && isCampusPageId(match[1]) ? match[1] : null;
}

/**
 * The address a link about a campus lands on: the campus's page when `pageId` names one (the
 * caller passes it only for a campus with a page), else the landing page; with the invite code
 * (`?ref=CODE`) when there is one. `siteUrl` is the site's address without a trailing slash.
 */
export function campusLinkOf(
  siteUrl: string,
  pageId: string | null | undefined,
  code?: string | null,
): string {
  const path = pageId && isCampusPageId(pageId) ? campusPagePath(pageId) : '/';
  return `${siteUrl.replace(/\/+$/, '')}${path}${code ? `?ref=${encodeURIComponent(code)}` : ''}`;
}
