import type { ComponentProps } from 'react';
import { atLeast } from '@/ui/hooks/use-in-view';

/** How much of a section must be visible before it fades in (spec section 9). */
const REVEAL_SHARE = 0.1;

/**
 * A section that fades in once 10 percent of it is visible (CSS in styles.css; the behaviour is
 * `installReveal`, plain DOM code, so these sections are never hydrated). Rendered 'shown': as
 * prerendered, the page hides nothing before, or without, JavaScript.
 */
export function RevealSection({
  rootMargin,
  ...props
}: ComponentProps<'section'> & { rootMargin?: string }) {
  return <section data-reveal="shown" data-reveal-margin={rootMargin} {...props} />;
}

/**
 * 'shown': as prerendered, no effect (before hydration, without JavaScript, or when the section
 * was already on screen when the script ran); 'hidden': below the fold, waiting; 'revealed':
 * faded in. Only sections still off screen are hidden: the page never blanks out a section a
 * visitor is already looking at, nor one they scrolled to before the script ran. Returns a
 * function that stops watching.
 */
export function installReveal(root: ParentNode = document): () => void {
  const observers: IntersectionObserver[] = [];
  const watch = (callback: IntersectionObserverCallback, options?: IntersectionObserverInit) => {
    const observer = new IntersectionObserver(callback, options);
    observers.push(observer);
    return observer;
  };
  // Observers, not getBoundingClientRect: where each section is comes with the next frame's
  // rendering, without forcing a layout while the script starts.
  const fadeIn = (element: HTMLElement) =>
    watch(
      (entries, observer) => {
        if (!entries.some(atLeast(REVEAL_SHARE))) return;
        element.dataset.reveal = 'revealed';
        observer.disconnect();
      },
      { threshold: REVEAL_SHARE, rootMargin: element.dataset.revealMargin ?? '0px' },
    ).observe(element);
  const firstLook = watch((entries, observer) => {
    for (const entry of entries) {
      observer.unobserve(entry.target);
      if (entry.isIntersecting) continue; // on screen now: stays as it is
      const element = entry.target as HTMLElement;
      element.dataset.reveal = 'hidden';
      fadeIn(element);
    }
  });
  root.querySelectorAll('[data-reveal="shown"]').forEach((element) => firstLook.observe(element));
  return () => observers.forEach((o) => o.disconnect());
}
