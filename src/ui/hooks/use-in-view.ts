import { type RefObject, useEffect, useState } from 'react';

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
        if (entries.some((e) => e.isIntersecting)) {
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
