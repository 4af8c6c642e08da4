import { takeEarlyClickWithin } from '@/ui/kit/early-click';
import { watchScrollPast } from '@/ui/hooks/use-scroll-past';

/** Mobile breakpoint of spec section 9: from here on the links show and the menu closes. */
const DESKTOP_QUERY = '(min-width: 768px)';

/**
 * The header's behaviour (spec section 4), on the prerendered markup of `Header` (header.tsx),
 * outside React: solid past 10 px of scroll or while the menu is open; the toggle opens and closes
 * the menu; a link in it, Escape (focus inside the menu goes back to the toggle) and a viewport
 * growing to 768 px close it. A press on the toggle before this ran (recorded by the page's
 * loader) opens the menu now. Returns a function that undoes it all; does nothing without a
 * header.
 */
export function startHeader(): () => void {
  const header = document.querySelector<HTMLElement>('[data-testid="site-header"]');
  const toggle = header?.querySelector<HTMLButtonElement>('button[aria-controls="mobile-menu"]');
  const menu = document.getElementById('mobile-menu');
  if (!header || !toggle || !menu) return () => {};

  let open = false;
  let scrolled = false;
  const show = (): void => {
    header.dataset.open = String(open);
    header.dataset.solid = String(open || scrolled);
    toggle.setAttribute('aria-expanded', String(open));
    toggle.setAttribute('aria-label', open ? 'Cerrar menú' : 'Abrir menú');
    menu.hidden = !open;
  };
  const setOpen = (next: boolean): void => {
    if (next === open) return;
    open = next;
    show();
  };

  const onToggle = (): void => setOpen(!open);
  const onMenuClick = (event: MouseEvent): void => {
    if ((event.target as Element | null)?.closest('a')) setOpen(false);
  };
  const onKey = (event: KeyboardEvent): void => {
    if (!open || event.key !== 'Escape') return;
    // Focus inside the closing menu would be lost: it goes back to the toggle.
    if (menu.contains(document.activeElement)) toggle.focus();
    setOpen(false);
  };
  const desktop = window.matchMedia(DESKTOP_QUERY);
  const onViewport = (): void => {
    if (desktop.matches) setOpen(false);
  };

  toggle.addEventListener('click', onToggle);
  menu.addEventListener('click', onMenuClick);
  window.addEventListener('keydown', onKey);
  desktop.addEventListener('change', onViewport);
  const stopScroll = watchScrollPast(10, (past) => {
    scrolled = past;
    show();
  });
  takeEarlyClickWithin(header)?.click();

  return () => {
    toggle.removeEventListener('click', onToggle);
    menu.removeEventListener('click', onMenuClick);
    window.removeEventListener('keydown', onKey);
    desktop.removeEventListener('change', onViewport);
    stopScroll();
  };
}
