import { useSyncExternalStore } from 'react';

/**
 * The page's scroll offset as last seen by a scroll event. Reading `window.scrollY` makes the
 * browser bring style and layout up to date at once; React reads a store's snapshot while it
 * hydrates, just after the stylesheet or the phones have changed the page, so reading it there
 * was a forced layout of 10 ms (40 ms at 4x CPU slowdown) inside the header's hydration
 * (issue 15). The offset is read in scroll events and once after the first frame instead.
 */
let offset = 0;
const listeners = new Set<() => void>();
const read = (): void => {
  const next = window.scrollY;
  if (next === offset) return;
  offset = next;
  for (const listener of listeners) listener();
};
let firstRead = false;

const subscribe = (callback: () => void) => {
  listeners.add(callback);
  if (listeners.size === 1) window.addEventListener('scroll', read, { passive: true });
  if (!firstRead) {
    // A page opened at a hash or restored mid-page starts scrolled: read it once the frame
    // has rendered (its layout is then clean), not during hydration.
    firstRead = true;
    requestAnimationFrame(() => setTimeout(read, 0));
  }
  return () => {
    listeners.delete(callback);
    if (listeners.size === 0) window.removeEventListener('scroll', read);
  };
};

/**
 * Calls `onChange` each time the page's scroll offset crosses `px` pixels, with whether it is now
 * past them (the page starts at 0, so not past). The same offset as useScrollPast, for code outside
 * React (the header, header-behaviour.ts). Returns a function that stops watching.
 */
export function watchScrollPast(px: number, onChange: (past: boolean) => void): () => void {
  let past = offset > px;
  if (past) onChange(past);
  return subscribe(() => {
    if (offset > px === past) return;
    past = !past;
    onChange(past);
  });
}

/** True when the page has scrolled more than `px` pixels (false while prerendering). */
export const useScrollPast = (px: number): boolean =>
  useSyncExternalStore(
    subscribe,
    () => offset > px,
    () => false,
  );
