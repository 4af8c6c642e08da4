import type { ComponentProps } from 'react';

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
  for (const element of root.querySelectorAll<HTMLElement>('[data-reveal="shown"]')) {
    const { top, bottom } = element.getBoundingClientRect();
    if (top < window.innerHeight && bottom > 0) continue; // on screen now: stays as it is
    element.dataset.reveal = 'hidden';
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        element.dataset.reveal = 'revealed';
        observer.disconnect();
      },
      { threshold: 0.1, rootMargin: element.dataset.revealMargin ?? '0px' },
    );
    observer.observe(element);
    observers.push(observer);
  }
  return () => observers.forEach((o) => o.disconnect());
}
