import type { Route } from './route';
import { ErrorBoundary } from './error-boundary';
import { LandingPage } from './landing/landing-page';
import { NotFoundPage } from './not-found-page';

/** The whole app: the landing page or the not-found page, behind an error screen. */
export function App({ route }: { route: Route }) {
  return <ErrorBoundary>{route === 'home' ? <LandingPage /> : <NotFoundPage />}</ErrorBoundary>;
}
