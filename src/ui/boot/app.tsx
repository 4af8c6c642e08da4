import { lazy, Suspense } from 'react';
import type { PageCampus } from '@/ui/campus/page-campus';
import type { Route } from '@/ui/route';
import { ErrorBoundary } from '@/ui/error-boundary';
import { LandingPage } from '@/ui/landing/landing-page';
import { NotFoundPage } from '@/ui/not-found-page';

/**
 * The privacy notice is prerendered on its own (src/ui/boot/prerender.tsx) and never hydrated; the
 * app renders it only where no prerendered file was served (`npm run dev`, or a host answering
 * its path with the landing page's HTML), so its code is a chunk of its own.
 */
const PrivacyNoticePage = lazy(() =>
  import('@/ui/privacy/privacy-notice-page').then((m) => ({ default: m.PrivacyNoticePage })),
);

/**
 * The whole app: the landing page (or a campus's page: the landing page about `campus`), the
 * privacy notice or the not-found page, behind an error screen. A campus page without its campus
 * (an id no catalogue campus has) is the not-found page. The e-mails' leave link has a page and a
 * chunk of its own (src/main.tsx, src/ui/leave/).
 */
export function App({
  route,
  campus = null,
}: {
  route: Exclude<Route, 'leave'>;
  campus?: PageCampus | null;
}) {
  return (
    <ErrorBoundary>
      {route === 'home' ? (
        <LandingPage />
      ) : route === 'campus' && campus ? (
        <LandingPage campus={campus} />
      ) : route === 'privacy' ? (
        <Suspense fallback={null}>
          <PrivacyNoticePage />
        </Suspense>
      ) : (
        <NotFoundPage />
      )}
    </ErrorBoundary>
  );
}
