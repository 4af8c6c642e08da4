import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/** False while prerendering and during hydration, true afterwards (for client-only parts). */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
