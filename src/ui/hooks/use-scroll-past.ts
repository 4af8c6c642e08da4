import { useSyncExternalStore } from 'react';

const subscribe = (callback: () => void) => {
  window.addEventListener('scroll', callback, { passive: true });
  return () => window.removeEventListener('scroll', callback);
};

/** True when the page has scrolled more than `px` pixels (false while prerendering). */
export const useScrollPast = (px: number): boolean =>
  useSyncExternalStore(
    subscribe,
    () => window.scrollY > px,
    () => false,
  );
