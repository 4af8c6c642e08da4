import { type ReactNode, startTransition, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { nextTask } from '@/shared/next-task';
import type { InteractiveIslandId } from '@/ui/kit/interactive-island';
import { takeEarlyClick } from '@/ui/kit/early-click';
import { islandIdPrefix, islandRoot } from '@/ui/boot/interactive-island-nodes';
import type { AppStore } from '@/ui/store/app-store';
import { prepareToaster } from '@/ui/toast';

/** Events that hydrate the island they happen in at once, if it is still waiting. */
const INTERACTIONS = ['pointerdown', 'touchstart', 'mousedown', 'focusin', 'keydown', 'click'];

/** StaticIslands this far below the viewport start hydrating as the visitor scrolls towards them. */
const NEAR = '0px 0px 400px 0px';

/** Runs `done` once, after the island's root has committed (its effects run after the app's). */
function Committed({ done }: { done: () => void }): null {
  useEffect(done, [done]);
  return null;
}

const whenIdle = (run: () => void): void => {
  if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 1000 });
  else setTimeout(run, 50);
};

/**
 * Hydrates the prerendered landing page island by island (`[data-hydrate]` elements, see
 * InteractiveIsland), so that no task hydrates the whole page:
 * - first the island holding a button pressed before the script ran (that press is replayed),
 *   then the islands on screen, one per task, in document order;
 * - the others when they come within 400 px of the viewport, or when the browser is idle;
 * - any island the visitor touches, presses or focuses before its turn is hydrated at once,
 *   and React replays the event in it.
 * `onScreenHydrated` runs once the first of these are done; `<html data-hydrated>` marks the end. Sections between the islands are never hydrated.
 */
export function hydrateIslands(
  store: AppStore,
  nodes: Record<InteractiveIslandId, ReactNode>,
  { onScreenHydrated }: { onScreenHydrated?: () => void } = {},
): void {
  const waiting = new Map<Element, InteractiveIslandId>();
  for (const element of document.querySelectorAll<HTMLElement>('[data-hydrate]')) {
    const id = element.dataset.hydrate as InteractiveIslandId;
    if (id in nodes) waiting.set(element, id);
  }
  let unfinished = waiting.size;
  const early = takeEarlyClick();

  const finished = (): void => {
    if (--unfinished > 0) return;
    observer.disconnect();
    for (const type of INTERACTIONS) document.removeEventListener(type, onInteraction, true);
    document.documentElement.dataset.hydrated = '';
  };

  /** Starts hydrating one island; resolves once its root has committed. */
  const hydrate = (element: Element): Promise<void> => {
    const id = waiting.get(element);
    if (!id) return Promise.resolve();
    waiting.delete(element);
    if (element.firstElementChild) observer.unobserve(element.firstElementChild);
    return new Promise((resolve) => {
      let once = false;
      const done = () => {
        if (once) return;
        once = true;
        performance.mark(`island-done:${id}`);
        (element as HTMLElement).dataset.hydrated = '';
        if (early?.isConnected && !early.disabled && element.contains(early)) early.click();
        finished();
        resolve();
      };
      // User Timing marks: which island a long task belongs to, in a trace (docs/performance.md).
      performance.mark(`island:${id}`);
      const root = islandRoot(nodes[id], store, <Committed done={done} />);
      // A transition: React renders the island in slices and yields to the browser between them.
      startTransition(() => {
        hydrateRoot(element, root, { identifierPrefix: islandIdPrefix(id) });
      });
    });
  };

  const onInteraction = (event: Event): void => {
    const island = (event.target as Element | null)?.closest?.('[data-hydrate]');
    if (island && waiting.has(island)) void hydrate(island);
  };
  for (const type of INTERACTIONS) document.addEventListener(type, onInteraction, true);

  // One island per task: hydrate, let its root commit, give the browser a turn, next.
  const queue: Element[] = [];
  let running = false;
  const run = async (): Promise<void> => {
    if (running) return;
    running = true;
    for (let next = queue.shift(); next; next = queue.shift()) {
      if (!waiting.has(next)) continue;
      await hydrate(next);
      await nextTask(); // the browser's turn (input, paint) between two islands
    }
    running = false;
    const first = onScreenHydrated;
    onScreenHydrated = undefined;
    first?.();
    const later = [...waiting.keys()][0];
    if (later) {
      whenIdle(() => {
        queue.push(later);
        void run();
      });
    }
  };
  const enqueue = (element: Element): void => {
    if (!queue.includes(element)) queue.push(element);
    void run();
  };

  // Which islands are on screen or near it comes from an observer with the next frame's
  // rendering (getBoundingClientRect here would force a layout while the script starts).
  const islandOf = new Map<Element, Element>();
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const island = islandOf.get(entry.target);
        if (entry.isIntersecting && island) enqueue(island);
      }
    },
    { rootMargin: NEAR },
  );

  const earlyIsland = early?.closest('[data-hydrate]');
  if (earlyIsland) enqueue(earlyIsland);
  for (const [element] of waiting) {
    // The wrapper is `display: contents` (no box): its content is what comes into view.
    const box = element.firstElementChild;
    if (!box) continue; // nothing rendered yet (the scroll-to-top button): idle time will do
    islandOf.set(box, element);
    observer.observe(box);
  }
  whenIdle(() => void run()); // in case nothing is on screen

  // The toaster (sonner and its root) once idle, before a student's first toast can be asked for.
  // Loaded when the waitlist card came near instead, it coincided with the first tap on
  // 'Continuar con Google' (bench:inp's median 72 -> 88 ms) and moved no figure of Lighthouse's.
  whenIdle(prepareToaster);
  if (unfinished === 0) document.documentElement.dataset.hydrated = '';
}
