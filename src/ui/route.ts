export type Route = 'home' | 'not-found';

/** The app's two screens: '/' (and '/index.html') is the landing page, anything else is 404. */
export function routeFor(pathname: string): Route {
  return pathname === '/' || pathname === '/index.html' ? 'home' : 'not-found';
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
