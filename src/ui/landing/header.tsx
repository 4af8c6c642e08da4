import { Menu, X } from 'lucide-react';
import { buttonVariants } from '@/ui/components/button';
import { cn } from '@/ui/components/cn';
import { Logo } from './logo';
import { NAV_LINKS } from './nav-links';

/**
 * Fixed header: transparent until 10 px of scroll; below 768 px the links fold into a menu.
 *
 * A static island (src/ui/kit/static-island.tsx): prerendered closed and transparent, and never
 * hydrated. Its behaviour is plain DOM code (`startHeader`, header-behaviour.ts) that writes
 * `data-open` and `data-solid` on the header, the toggle's name and state, and the menu's
 * `hidden`; the styles below follow those attributes. As a React island, a tap on the toggle went
 * through React's event delegation for each of the tap's dozen events and a render of the header,
 * and its hydration was a task of the start-up (issue 26; docs/performance.md, "A header without
 * React").
 */
export function Header() {
  return (
    <header
      data-testid="site-header"
      data-solid="false"
      data-open="false"
      className="group/header fixed inset-x-0 top-0 z-40"
    >
      {/* The solid bar is a layer of its own that fades in: an opacity transition runs on the
          compositor. Fading the header's own background and shadow redrew it (and its blur) on
          the main thread at every frame for 300 ms, right when a first scroll or the menu made
          it solid: a tap in that time waited for those frames (bench:inp, issue 26).
          White at 95 percent and no backdrop blur: a blur behind the bar is drawn again at every
          frame of a scroll and of the fade, over the whole open menu too (docs/performance.md, "No
          blur behind the header"). */}
      <div
        aria-hidden="true"
        data-testid="site-header-bar"
        className="absolute inset-0 -z-10 bg-white/95 opacity-0 shadow-md transition-opacity duration-300 group-data-[solid=true]/header:opacity-100"
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
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-full text-slate-800 hover:bg-slate-100 md:hidden"
            aria-expanded="false"
            aria-controls="mobile-menu"
            aria-label="Abrir menú"
          >
            <Menu aria-hidden="true" className="group-data-[open=true]/header:hidden" />
            <X aria-hidden="true" className="hidden group-data-[open=true]/header:block" />
          </button>
        </div>
      </div>
      <nav
        id="mobile-menu"
        aria-label="Menú móvil"
        hidden
        className="border-t border-slate-200 bg-white px-4 pb-4 md:hidden"
      >
        <ul className="flex flex-col py-2">
          {NAV_LINKS.map((link) => (
            <li key={link.href}>
              <a
                href={link.href}
                className="flex min-h-12 items-center rounded-lg px-3 font-medium text-slate-800 hover:bg-slate-100"
              >
                {link.label}
              </a>
            </li>
          ))}
        </ul>
        <a href="#waitlist" className={cn(buttonVariants(), 'w-full')}>
          Unirse a la Lista
        </a>
      </nav>
    </header>
  );
}
