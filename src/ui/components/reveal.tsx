import { type ComponentProps, useRef } from 'react';
import { useInView } from '@/ui/hooks/use-in-view';

/** A section that fades in once 10 percent of it is visible (CSS in styles.css). */
export function RevealSection({
  rootMargin,
  ...props
}: ComponentProps<'section'> & { rootMargin?: string }) {
  const ref = useRef<HTMLElement>(null);
  const visible = useInView(ref, { threshold: 0.1, ...(rootMargin ? { rootMargin } : {}) });
  return <section ref={ref} data-reveal="" data-visible={visible ? '' : undefined} {...props} />;
}
