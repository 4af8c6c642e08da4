import { Menu, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { buttonVariants } from '@/ui/components/button';
import { cn } from '@/ui/components/cn';
import { useScrollPast } from '@/ui/hooks/use-scroll-past';
import { Logo } from './logo';
import { NAV_LINKS } from './nav-links';

/** Mobile breakpoint of spec section 9. */
const DESKTOP_QUERY = '(min-width: 768px)';

/** Fixed header: transparent until 10 px of scroll; below 768 px the links fold into a menu. */
export function Header() {
  const scrolled = useScrollPast(10);
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!open) return;
    const mql = window.matchMedia(DESKTOP_QUERY);
    const onResize = () => mql.matches && setOpen(false);
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      // Focus inside the closing menu would be lost: it goes back to the toggle.
      if (menu.current?.contains(document.activeElement)) toggle.current?.focus();
      setOpen(false);
    };
    mql.addEventListener('change', onResize);
    window.addEventListener('keydown', onKey);
    return () => {
      mql.removeEventListener('change', onResize);
      window.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const close = () => setOpen(false);
  const solid = scrolled || open;

  return (
    <header
      data-testid="site-header"
      data-solid={solid ? 'true' : 'false'}
      className="fixed inset-x-0 top-0 z-40"
    >
      {/* The solid bar is a layer of its own that fades in: an opacity transition runs on the
          compositor. Fading the header's own background and shadow redrew it (and its blur) on
          the main thread at every frame for 300 ms, right when a first scroll or the menu made
          it solid: a tap in that time waited for those frames (bench:inp, issue 26). */}
      <div
        aria-hidden="true"
        data-testid="site-header-bar"
        className={cn(
          'absolute inset-0 -z-10 bg-white/85 shadow-md transition-opacity duration-300',
          solid ? 'opacity-100 backdrop-blur-md' : 'opacity-0',
        )}
      />
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
        <a
          href="#top"
          className="inline-flex min-h-11 items-center rounded-lg text-slate-900"
          aria-label="De estudiantes a estudiantes, ir al inicio"
        >
          {/* From 768 to 1023 px the four links and the button need the room: the mark alone. */}
          <Logo className="text-base sm:text-lg" nameClassName="md:max-lg:sr-only" />
        </a>
        <nav aria-label="Principal" className="hidden md:block">
          <ul className="flex items-center gap-0.5 lg:gap-1">
            {NAV_LINKS.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  className={cn(
                    buttonVariants({ variant: 'ghost', size: 'sm' }),
                    'text-sm max-lg:px-3',
                  )}
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <div className="hidden md:block">
            <a href="#waitlist" className={cn(buttonVariants(), 'text-sm')}>
              Unirse a la Lista
            </a>
          </div>
          <button
            ref={toggle}
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-full text-slate-800 hover:bg-slate-100 md:hidden"
            aria-expanded={open}
            aria-controls="mobile-menu"
            aria-label={open ? 'Cerrar menú' : 'Abrir menú'}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          </button>
        </div>
      </div>
      <nav
        ref={menu}
        id="mobile-menu"
        aria-label="Menú móvil"
        hidden={!open}
        className="border-t border-slate-200 bg-white px-4 pb-4 md:hidden"
      >
        <ul className="flex flex-col py-2">
          {NAV_LINKS.map((link) => (
            <li key={link.href}>
              <a
                href={link.href}
                onClick={close}
                className="flex min-h-12 items-center rounded-lg px-3 font-medium text-slate-800 hover:bg-slate-100"
              >
                {link.label}
              </a>
            </li>
          ))}
        </ul>
        <a href="#waitlist" onClick={close} className={cn(buttonVariants(), 'w-full')}>
          Unirse a la Lista
        </a>
      </nav>
    </header>
  );
}
