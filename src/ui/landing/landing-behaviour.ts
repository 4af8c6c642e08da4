import { installReveal } from '@/ui/components/reveal';
import { hashTarget } from '@/ui/route';

/** Scrolls smoothly to the element named by the address's hash, once, on load. */
export function scrollToHash(): void {
  const id = hashTarget(location.hash);
  if (!id) return;
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  document
    .getElementById(id)
    ?.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
}

/**
 * What the landing page does once its script runs, outside any React root (its sections are not
 * hydrated): the section fades and the scroll to the address's hash. Returns a function that
 * undoes it.
 */
export function startLanding(): () => void {
  const stopReveal = installReveal();
  scrollToHash();
  return stopReveal;
}
