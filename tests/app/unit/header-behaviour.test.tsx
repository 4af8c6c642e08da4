// @vitest-environment jsdom
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Header } from '@/ui/landing/header';
import { startHeader } from '@/ui/landing/header-behaviour';

/** A media query list the test moves between phone and desktop widths. */
function fakeViewport() {
  const listeners = new Set<() => void>();
  const query = {
    matches: false,
    addEventListener: (_: 'change', listener: () => void) => listeners.add(listener),
    removeEventListener: (_: 'change', listener: () => void) => listeners.delete(listener),
  };
  window.matchMedia = (() => query) as unknown as typeof window.matchMedia;
  return {
    setDesktop(matches: boolean) {
      query.matches = matches;
      for (const listener of listeners) listener();
    },
    listeners,
  };
}

const scrollTo = (y: number) => {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
};

const header = () => document.querySelector<HTMLElement>('[data-testid="site-header"]')!;
const toggle = () => document.querySelector<HTMLButtonElement>('[aria-controls="mobile-menu"]')!;
const menu = () => document.getElementById('mobile-menu')!;
const menuState = () => ({
  open: header().dataset.open,
  solid: header().dataset.solid,
  expanded: toggle().getAttribute('aria-expanded'),
  label: toggle().getAttribute('aria-label'),
  hidden: menu().hidden,
});
const CLOSED = {
  open: 'false',
  solid: 'false',
  expanded: 'false',
  label: 'Abrir menú',
  hidden: true,
};
const OPEN = { open: 'true', solid: 'true', expanded: 'true', label: 'Cerrar menú', hidden: false };

let viewport: ReturnType<typeof fakeViewport>;
let stop: () => void = () => {};
beforeEach(() => {
  viewport = fakeViewport();
  document.body.innerHTML = `${renderToStaticMarkup(<Header />)}<button id="elsewhere">x</button>`;
});
afterEach(() => {
  stop();
  scrollTo(0); // the scroll offset is the page's, kept between tests
  delete (window as { __earlyClick?: unknown }).__earlyClick;
  document.body.innerHTML = '';
});

describe('the header without React (startHeader)', () => {
  it('is prerendered closed and transparent, and the toggle opens and closes the menu', () => {
    expect(menuState()).toEqual(CLOSED);
    stop = startHeader();
    expect(menuState()).toEqual(CLOSED);
    toggle().click();
    expect(menuState()).toEqual(OPEN);
    toggle().click();
    expect(menuState()).toEqual(CLOSED);
  });

  it('closes when a link in the menu is chosen, not on a click elsewhere in it', () => {
    stop = startHeader();
    toggle().click();
    menu().querySelector('ul')!.click();
    expect(menuState()).toEqual(OPEN);
    menu().querySelector<HTMLAnchorElement>('a[href="#faq"]')!.click();
    expect(menuState()).toEqual(CLOSED);
    toggle().click();
    menu().querySelector<HTMLAnchorElement>('a[href="#waitlist"]')!.click();
    expect(menuState()).toEqual(CLOSED);
  });

  it('closes on Escape, and focus inside the menu goes back to the toggle', () => {
    stop = startHeader();
    toggle().click();
    const link = menu().querySelector<HTMLAnchorElement>('a')!;
    link.focus();
    expect(document.activeElement).toBe(link);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
    expect(menuState()).toEqual(OPEN);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(menuState()).toEqual(CLOSED);
    expect(document.activeElement).toBe(toggle());
    // Focus outside the menu stays where it is.
    toggle().click();
    const elsewhere = document.getElementById('elsewhere')!;
    elsewhere.focus();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(menuState()).toEqual(CLOSED);
    expect(document.activeElement).toBe(elsewhere);
  });

  it('closes when the viewport grows to 768 px, not when it narrows', () => {
    stop = startHeader();
    toggle().click();
    viewport.setDesktop(false);
    expect(menuState()).toEqual(OPEN);
    viewport.setDesktop(true);
    expect(menuState()).toEqual(CLOSED);
  });

  it('is solid past 10 px of scroll, and while the menu is open', () => {
    stop = startHeader();
    scrollTo(10);
    expect(header().dataset.solid).toBe('false');
    scrollTo(11);
    expect(header().dataset.solid).toBe('true');
    toggle().click();
    toggle().click();
    expect(menuState()).toEqual({ ...CLOSED, solid: 'true' });
    scrollTo(0);
    expect(header().dataset.solid).toBe('false');
    toggle().click();
    scrollTo(50);
    scrollTo(0);
    expect(menuState()).toEqual(OPEN);
  });

  it('opens the menu for a press on the toggle recorded before it ran, once', () => {
    (window as { __earlyClick?: Element }).__earlyClick = toggle();
    stop = startHeader();
    expect(menuState()).toEqual(OPEN);
    expect((window as { __earlyClick?: Element | null }).__earlyClick).toBeNull();
  });

  it('leaves a press recorded elsewhere to the islands', () => {
    const elsewhere = document.getElementById('elsewhere')!;
    (window as { __earlyClick?: Element }).__earlyClick = elsewhere;
    stop = startHeader();
    expect(menuState()).toEqual(CLOSED);
    expect((window as { __earlyClick?: Element }).__earlyClick).toBe(elsewhere);
  });

  it('stops: its listeners are gone', () => {
    stop = startHeader();
    stop();
    stop = () => {};
    toggle().click();
    scrollTo(40);
    expect(menuState()).toEqual(CLOSED);
    expect(viewport.listeners.size).toBe(0);
  });

  it('does nothing on a page without the header', () => {
    document.body.innerHTML = '<main></main>';
    expect(() => (stop = startHeader())).not.toThrow();
  });
});
