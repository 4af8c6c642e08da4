import { type ComponentProps, useEffect, useRef, useState } from 'react';

/**
 * 'shown': as prerendered, no effect (before hydration, without JavaScript, or when the section
 * was already on screen at hydration); 'hidden': below the fold, waiting; 'revealed': faded in.
 */
type Phase = 'shown' | 'hidden' | 'revealed';

/**
 * A section that fades in once 10 percent of it is visible (CSS in styles.css). Only sections
 * still off screen when the page hydrates are hidden: the prerendered page never blanks out a
 * section a visitor is already looking at, nor one they scroll to before the script has run.
 */
export function RevealSection({
  rootMargin = '0px',
  ...props
}: ComponentProps<'section'> & { rootMargin?: string }) {
  const ref = useRef<HTMLElement>(null);
  const [phase, setPhase] = useState<Phase>('shown');
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const { top, bottom } = element.getBoundingClientRect();
    if (top < window.innerHeight && bottom > 0) return; // on screen now: stays as it is
    setPhase('hidden');
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        setPhase('revealed');
        observer.disconnect();
      },
      { threshold: 0.1, rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [rootMargin]);
  return <section ref={ref} data-reveal={phase} {...props} />;
}
