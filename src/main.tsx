import './ui/styles.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { loadUseCases } from '@/composition/backend';
import { App } from '@/ui/app';
import { routeFor } from '@/ui/route';
import { createAppStore } from '@/ui/store/app-store';
import { StoreProvider } from '@/ui/store/store-context';

const safeStorage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

const container = document.getElementById('root')!;
const route = routeFor(location.pathname);
const store = createAppStore({ loadUseCases, storage: safeStorage() });
const app = (
  <StrictMode>
    <StoreProvider store={store}>
      <App route={route} />
    </StoreProvider>
  </StrictMode>
);

// The HTML was prerendered for one route; hydrate it when it matches, render afresh otherwise.
if (container.dataset.route === route && container.firstElementChild) hydrateRoot(container, app);
else createRoot(container).render(app);
