export type Route = 'home' | 'not-found';

/** The app's two screens: '/' (and '/index.html') is the landing page, anything else is 404. */
export function routeFor(pathname: string): Route {
  return pathname === '/' || pathname === '/index.html' ? 'home' : 'not-found';
}
