import { installReveal } from '@/ui/components/reveal';
import { hashTarget } from '@/ui/route';
import { startHeader } from './header-behaviour';

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
 * Sections below the fold skip rendering until near the viewport (`content-visibility: auto`,
 * styles.css) and stand in with an estimated height meanwhile. A jump to an in-page link would
 * then land where the estimates say, off by the difference once the sections in between render.
 * So, before the first such jump (a link to `#...`, or a hash in the address), every section is
 * rendered for real (`<html data-all-rendered>`), once.
 */
export function renderAllBeforeJumps(): () => void {
  const renderAll = () => (document.documentElement.dataset.allRendered = '');
  const onClick = (event: MouseEvent) => {
    if ((event.target as Element | null)?.closest?.('a[href^="#"]')) renderAll();
  };
  if (hashTarget(location.hash)) renderAll();
  document.addEventListener('click', onClick, true);
  return () => document.removeEventListener('click', onClick, true);
}

/**
 * What the landing page does once its script runs, outside any React root (its sections and its
 * header are not hydrated): the header's menu and solid bar, the section fades, the scroll to the
 * address's hash and in-page jumps that land. Returns a function that undoes it.
 */
export function startLanding(): () => void {
  const stopHeader = startHeader();
  const stopJumps = renderAllBeforeJumps();
  const stopReveal = installReveal();
  scrollToHash();
  return () => {
    stopHeader();
    stopJumps();
    stopReveal();
  };
}
