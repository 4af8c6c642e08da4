import { campusIdOfPath } from '@/domain/campus-page';
import { PRIVACY_NOTICE_FILE, PRIVACY_NOTICE_PATH } from './privacy-notice-path';

export type Route = 'home' | 'campus' | 'privacy' | 'leave' | 'not-found';

/** The e-mails' leave link (issue 25): `/salir?token=…`, prerendered as salir.html. */
export const LEAVE_PATH = '/salir';

/**
 * The app's screens: '/' (and '/index.html') is the landing page, '/aviso-de-privacidad' (with
 * '.html' or a trailing slash too) the privacy notice, '/salir' (the same) the e-mails' leave
 * link, '/campus/<id>' a campus's page (issue 60: which ids have one, the page itself says), anything
 * else is 404.
 */
export function routeFor(pathname: string): Route {
  if (pathname === '/' || pathname === '/index.html') return 'home';
  if (campusIdOfPath(pathname)) return 'campus';
  if (
    [PRIVACY_NOTICE_PATH, `${PRIVACY_NOTICE_PATH}/`, `/${PRIVACY_NOTICE_FILE}`].includes(pathname)
  ) {
    return 'privacy';
  }
  if ([LEAVE_PATH, `${LEAVE_PATH}/`, `${LEAVE_PATH}.html`].includes(pathname)) return 'leave';
  return 'not-found';
}

/**
 * The element id an address's hash names (`#faq` -> 'faq'), or null. A malformed hash (`#%`, a
 * lone surrogate) is ignored, never thrown: it comes from any link anyone shares.
 */
export function hashTarget(hash: string): string | null {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!raw) return null;
  try {
    return decodeURIComponent(raw) || null;
  } catch {
    return null;
  }
}
