import { type ComponentType, lazy } from 'react';
import { nextTask } from '@/shared/next-task';
import { loadSonner } from '@/ui/toast';

// sonner first, then the toaster's own module in a task of its own: imported together, the two
// were evaluated in one task of 26 ms on this machine (57 ms at the Firebase bench's 2.2x, one of
// its longest after the first paint; issue 26).
// Lost to the network, the toaster must not take the page with it: the page stays, without toasts.
export const LazyToaster = lazy<ComponentType>(() =>
  loadSonner()
    .then(() => nextTask())
    .then(() => import('@/ui/toaster'))
    .catch((error: unknown) => {
      console.error('Notifications could not load', error);
      return { default: () => null };
    }),
);
