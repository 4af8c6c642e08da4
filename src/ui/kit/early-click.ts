import { useEffect } from 'react';

/** What the prerendered page's loader (scripts/build/prerender.mjs) leaves on `window`. */
interface EarlyClickWindow {
  /** A button pressed before the app's script had run. */
  __earlyClick?: HTMLButtonElement | null;
  /** Set when hydration starts: from then on React replays early events itself. */
  __hydrating?: boolean;
}

const earlyWindow = (): EarlyClickWindow => window as unknown as EarlyClickWindow;

/** Called right before hydrateRoot: the loader stops recording clicks. */
export const markHydrating = (): void => {
  earlyWindow().__hydrating = true;
};

/** The button pressed before the app's script ran, if any (forgotten once taken). */
export const takeEarlyClick = (): HTMLButtonElement | null => {
  const w = earlyWindow();
  const button = w.__earlyClick ?? null;
  w.__earlyClick = null;
  return button;
};

/**
 * The button pressed before the app's script ran, if it lies inside `container` (then forgotten);
 * a press elsewhere is left for whoever owns that part of the page (hydrateIslands).
 */
export const takeEarlyClickWithin = (container: Element): HTMLButtonElement | null => {
  const button = earlyWindow().__earlyClick;
  return button && container.contains(button) ? takeEarlyClick() : null;
};

/**
 * Marks the document as hydrated (`<html data-hydrated>`), and clicks again, once, the button a
 * visitor pressed before React had hydrated. Hydration keeps the
 * prerendered DOM nodes, so the recorded element is the live, now interactive, button. Rendered
 * after the app, so that its effect runs once the app's own effects have.
 */
export function ReplayEarlyClick(): null {
  useEffect(() => {
    // The app's effects have run: mark the document (tests and tools wait for `data-hydrated`).
    document.documentElement.dataset.hydrated = '';
    const button = takeEarlyClick();
    if (button?.isConnected && !button.disabled) button.click();
  }, []);
  return null;
}
