import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

// One MediaQueryList for the page: the counters and the scroll-to-top button read it, and
// matchMedia() is not free.
let query: MediaQueryList | null = null;
const mql = (): MediaQueryList => (query ??= window.matchMedia(QUERY));

const subscribe = (callback: () => void) => {
  mql().addEventListener('change', callback);
  return () => mql().removeEventListener('change', callback);
};

/** True when the visitor asked for reduced motion (false while prerendering). */
export const useReducedMotion = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => mql().matches,
    () => false,
  );
