import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { nextTask } from '@/shared/next-task';
import { App } from '@/ui/boot/app';
import { ErrorBoundary } from '@/ui/error-boundary';
import { InteractiveIslandsProvider } from '@/ui/kit/interactive-island';
import { StaticIslandsProvider } from '@/ui/kit/static-island';
import { markHydrating, ReplayEarlyClick } from '@/ui/kit/early-click';
import { hydrateIslands } from '@/ui/boot/hydrate-islands';
import { interactiveIslandNodes } from '@/ui/boot/interactive-island-nodes';
import { startLanding } from '@/ui/landing/landing-behaviour';
import { installBrowserLostChunkRecovery } from '@/ui/kit/lost-chunk-recovery';
import { campusIdOfPath } from '@/domain/campus-page';
import { decodePageCampus, type PageCampus } from '@/ui/campus/page-campus';
import { routeFor } from '@/ui/route';
import { type AppStoreDeps, createAppStore } from '@/ui/store/app-store';
import { StoreProvider } from '@/ui/store/store-context';

/**
 * The campus of a campus's page (issue 60): the one its prerendered HTML names (`data-campus`);
 * the dev server, which prerenders nothing, looks it up in the catalogue.
 */
async function pageCampusOf(container: HTMLElement, pathname: string): Promise<PageCampus | null> {
  const id = campusIdOfPath(pathname);
  if (!id) return null;
  const named = decodePageCampus(container.dataset.campus);
  if (named) return named.college.id === id ? named : null;
  return import.meta.env.DEV
    ? (await import('@/ui/campus/catalogue-campuses')).catalogueCampus(id)
    : null;
}

/**
 * Starts the page (the top floor of src/ui: issue 52): the lost-chunk recovery, the store, and the
 * route's way to appear: the landing page's islands hydrated one by one, the leave page rendered
 * over its prerendered text, any other page hydrated whole or rendered afresh. `src/main.tsx`
 * calls it once, with the composition root's `loadUseCases` (src/ui never imports the container).
 */
export async function startPage({
  loadUseCases,
}: Pick<AppStoreDeps, 'loadUseCases'>): Promise<void> {
  installBrowserLostChunkRecovery();

  const container = document.getElementById('root')!;
  const campus = await pageCampusOf(container, location.pathname);
  // A campus page whose campus the page does not name (an unknown id) is the not-found page.
  const asked = routeFor(location.pathname);
  const route = asked === 'campus' && !campus ? 'not-found' : asked;
  const store = createAppStore({ loadUseCases, pageCollege: campus?.college ?? null });
  const prerendered = container.dataset.route === route && container.firstElementChild !== null;

  if (prerendered && (route === 'home' || route === 'campus')) {
    // The landing page: its interactive islands hydrate one by one, the rest is never hydrated.
    // Evaluating this module (React, the store) is a task of its own; the sections' behaviour and
    // the islands start in the next ones (issue 15). Until markHydrating, the loader records a press.
    void nextTask()
      .then(() => {
        startLanding();
        return nextTask();
      })
      .then(() => {
        markHydrating();
        hydrateIslands(store, interactiveIslandNodes(), {
          // The backend loads once the islands on screen have hydrated, not in the middle of it.
          onScreenHydrated: () => store.getState().start(),
        });
      });
  } else if (route === 'leave') {
    // The e-mails' leave link (issue 25): its chunk first, then one render over the prerendered
    // 'Revisando tu enlace…', so the page is never blank in between. Not awaited at the top level:
    // the chunk shares the entry's modules, which a top-level await would split into chunks of
    // their own, and the landing page would load a dozen files instead of one.
    // A chunk lost once is asked for again; lost twice, the lost-chunk recovery reloads the page.
    const loadLeavePage = () => import('@/ui/leave/leave-link-page');
    void loadLeavePage()
      .catch(loadLeavePage)
      .then(
        ({ LeaveLinkPage }) => {
          container.hidden = false;
          createRoot(container).render(
            <StrictMode>
              <ErrorBoundary>
                <StoreProvider store={store}>
                  <LeaveLinkPage />
                </StoreProvider>
              </ErrorBoundary>
            </StrictMode>,
          );
        },
        (error: unknown) => console.error('The leave page could not load', error),
      );
  } else {
    // Static islands come prerendered in the HTML; only the dev server (no prerender) renders them.
    const islands = import.meta.env.DEV
      ? (await import('@/ui/boot/static-island-nodes')).staticIslandNodes()
      : {};
    const app = (
      <StrictMode>
        <StaticIslandsProvider value={islands}>
          <InteractiveIslandsProvider value={interactiveIslandNodes()}>
            <StoreProvider store={store}>
              <App route={route} campus={campus} />
              <ReplayEarlyClick />
            </StoreProvider>
          </InteractiveIslandsProvider>
        </StaticIslandsProvider>
      </StrictMode>
    );
    if (prerendered) {
      // The not-found page: small, hydrated whole, in a transition (React yields between slices).
      markHydrating();
      startTransition(() => {
        hydrateRoot(container, app);
      });
    } else {
      // The HTML was prerendered for another route (or not at all): render afresh.
      container.hidden = false; // the loader hides a landing page served for another path
      createRoot(container).render(app);
    }
  }

  // The web app manifest is linked once the app runs, not in the HTML: Chrome fetches a linked
  // manifest and its icon during load, which Lighthouse counted in the mobile LCP (measured in
  // docs/performance-history.md). Adding to a home screen happens later, and reads it then.
  const manifest = document.createElement('link');
  manifest.rel = 'manifest';
  manifest.href = '/manifest.webmanifest';
  document.head.append(manifest);
}
