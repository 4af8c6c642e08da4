import { type RefObject, useEffect, useState } from 'react';

/**
 * Whether an observer's entry shows at least `threshold` of its target. `isIntersecting` alone is
 * not that: an observer also reports the moment a target starts to intersect at all (the spec's
 * rule, which Chromium 156 follows), with a smaller ratio than any of its thresholds.
 */
export const atLeast =
  (threshold: number) =>
  (entry: IntersectionObserverEntry): boolean =>
    entry.isIntersecting && entry.intersectionRatio >= threshold;

/** True once the element has been at least `threshold` visible (it stays true). */
export function useInView(
  ref: RefObject<Element | null>,
  { threshold = 0.1, rootMargin = '0px' }: { threshold?: number; rootMargin?: string } = {},
): boolean {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || inView) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some(atLeast(threshold))) {
          setInView(true);
          observer.disconnect();
        }
      },
      { threshold, rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, threshold, rootMargin, inView]);
  return inView;
}
