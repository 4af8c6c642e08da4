import { type ComponentType, lazy } from 'react';

// Lost to the network, the toaster must not take the page with it: the page stays, without toasts.
export const LazyToaster = lazy<ComponentType>(() =>
  import('@/ui/toaster').catch((error: unknown) => {
    console.error('Notifications could not load', error);
    return { default: () => null };
  }),
);
