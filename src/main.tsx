import './ui/styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { loadUseCases } from '@/composition/backend';
import { App } from '@/ui/app';
import { IslandsProvider } from '@/ui/components/static-island';
import { markHydrating, ReplayEarlyClick } from '@/ui/early-click';
import { installBrowserLostChunkRecovery } from '@/ui/lost-chunk-recovery';
import { routeFor } from '@/ui/route';
import { createAppStore } from '@/ui/store/app-store';
import { StoreProvider } from '@/ui/store/store-context';

installBrowserLostChunkRecovery();

const container = document.getElementById('root')!;
const route = routeFor(location.pathname);
const store = createAppStore({ loadUseCases });
// Static islands come prerendered in the HTML; only the dev server (no prerender) renders them.
const islands = import.meta.env.DEV ? (await import('@/ui/landing/islands')).islandNodes() : {};
const app = (
  <StrictMode>
    <IslandsProvider value={islands}>
      <StoreProvider store={store}>
        <App route={route} />
        <ReplayEarlyClick />
      </StoreProvider>
    </IslandsProvider>
  </StrictMode>
);

// The HTML was prerendered for one route; hydrate it when it matches, render afresh otherwise.
// Hydrating in a transition lets React yield to the browser, so no task blocks input for long.
if (container.dataset.route === route && container.firstElementChild) {
  markHydrating();
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  container.hidden = false; // the loader hides a landing page served for another path
  createRoot(container).render(app);
}

// The web app manifest is linked once the app runs, not in the HTML: Chrome fetches a linked
// manifest and its icon during load, which cost about 170 ms of mobile LCP in Lighthouse
// (docs/performance.md). Adding to a home screen happens later, and reads it then.
const manifest = document.createElement('link');
manifest.rel = 'manifest';
manifest.href = '/manifest.webmanifest';
document.head.append(manifest);
