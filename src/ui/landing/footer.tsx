import { type ReactNode, useSyncExternalStore } from 'react';
import { InteractiveIsland } from '@/ui/kit/interactive-island';
import { PRIVACY_NOTICE_PATH } from '@/ui/privacy-notice-path';
import { Logo } from './logo';
import { NAV_LINKS } from './nav-links';

/** The current year: the build's while prerendering, the visitor's once hydrated. */
const BUILD_YEAR = new Date().getFullYear();
const noSubscription = () => () => {};

/** The year in the footer (an island hydrated on its own). */
export function CurrentYear() {
  const year = useSyncExternalStore(
    noSubscription,
    () => new Date().getFullYear(),
    () => BUILD_YEAR,
  );
  return <span data-testid="footer-year">{year}</span>;
}

/**
 * The site's footer. On the landing page (the default) its links are the page's own anchors and
 * the year is an island hydrated on its own; other pages (404, the privacy notice) pass `home="/"`
 * so the links lead back to the landing page, and the year to show.
 */
export function Footer({
  home = '',
  year = <InteractiveIsland id="year" as="span" />,
}: {
  /** Prefix of the section links: '' on the landing page, '/' elsewhere. */
  home?: '' | '/';
  year?: ReactNode;
}) {
  return (
    <footer className="bg-slate-900 py-12 text-slate-300">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-6 px-4 text-center sm:px-6 md:flex-row md:justify-between md:text-left">
        <div>
          <a
            href={home || '#top'}
            className="inline-flex min-h-11 items-center rounded-lg text-white"
            aria-label="De estudiantes a estudiantes, ir al inicio"
          >
            <Logo className="text-lg" tone="dark" />
          </a>
          <p className="mt-2 text-sm">Un marketplace para estudiantes universitarios.</p>
        </div>
        <nav aria-label="Pie de página">
          <ul className="flex flex-wrap justify-center gap-x-2 gap-y-1 text-sm">
            {NAV_LINKS.map((link) => (
              <li key={link.href}>
                <a
                  href={`${home}${link.href}`}
                  className="inline-flex min-h-11 items-center px-2 whitespace-nowrap hover:text-white"
                >
                  {link.label}
                </a>
              </li>
            ))}
            <li>
              <a
                href={PRIVACY_NOTICE_PATH}
                className="inline-flex min-h-11 items-center px-2 whitespace-nowrap hover:text-white"
              >
                Aviso de privacidad
              </a>
            </li>
          </ul>
        </nav>
        <p className="text-sm">
          © {year} De estudiantes a estudiantes. Todos los derechos reservados.
        </p>
      </div>
    </footer>
  );
}
