import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test as base } from '@playwright/test';

export interface MemoryConfig {
  latencyMs?: number;
  failNext?: Record<string, string>;
  hangNext?: string[];
  heroImages?: unknown;
}

/** Shapes the memory backend's first calls (window.__memoryBackendConfig) before the page loads. */
export async function configureBackend(page: Page, config: MemoryConfig = {}) {
  await page.addInitScript(
    (c) => {
      (window as unknown as { __memoryBackendConfig: unknown }).__memoryBackendConfig = c;
    },
    { latencyMs: 60, ...config },
  );
}

/** Waits until the app has hydrated and started (the memory backend's controls exist by then). */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => !!(window as { __memoryBackend?: unknown }).__memoryBackend);
}

/**
 * Records every layout shift from the page's start (call before goto or reload): their sum, and
 * for failure messages what moved, with its rectangles. Read with `layoutShifts`.
 */
export async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    type Source = { node?: Node; previousRect: DOMRect; currentRect: DOMRect };
    type Shift = { value: number; startTime: number; sources: Source[] };
    const w = window as unknown as { __shifts: number; __moved: string[] };
    w.__shifts = 0;
    w.__moved = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as Shift[]) {
        w.__shifts += e.value;
        for (const { node, previousRect: a, currentRect: b } of e.sources) {
          const el = node instanceof Element ? node : node?.parentElement;
          const name = el ? `${el.tagName}#${el.id}.${el.getAttribute('class') ?? ''}` : '?';
          w.__moved.push(
            `${Math.round(e.startTime)} ms ${name.slice(0, 80)}: ${a.x},${a.y} ${a.width}x${a.height} -> ${b.x},${b.y} ${b.width}x${b.height}`,
          );
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** What `recordLayoutShifts` has seen so far: the shifts' sum and what moved. */
export async function layoutShifts(page: Page): Promise<{ shifts: number; moved: string[] }> {
  return page.evaluate(() => {
    const w = window as unknown as { __shifts: number; __moved: string[] };
    return { shifts: w.__shifts, moved: w.__moved };
  });
}

/** Lets the page handle pending scroll events and paint: two animation frames. */
export async function settle(page: Page) {
  await page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
  );
}

/** Calls a method of window.__memoryBackend in the page. */
export async function backend<T = unknown>(
  page: Page,
  method: string,
  ...args: unknown[]
): Promise<T> {
  await page.waitForFunction(
    () => 'window' in globalThis && !!(window as { __memoryBackend?: unknown }).__memoryBackend,
  );
  return page.evaluate(
    ([m, a]) => {
      const b = (
        window as unknown as { __memoryBackend: Record<string, (...x: unknown[]) => unknown> }
      ).__memoryBackend;
      return b[m as string]!(...(a as unknown[]));
    },
    [method, args] as const,
  ) as Promise<T>;
}

/** Waits until the page is still, then runs axe (WCAG 2.x A/AA rules): no violations. */
export async function expectNoAxeViolations(page: Page, include?: string) {
  // Sections fade in over 700 ms once scrolled to (a hash scrolls smoothly). Wait for
  // hydration (it decides which sections fade in), then until the page is still: no scrolling,
  // no section on screen waiting to fade in, no transition running. Transitions are finished at
  // once rather than waited for, so that axe measures the contrast the student sees, not a frame
  // in the middle of a fade.
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
  // (page.evaluate awaits an async check; waitForFunction would take its promise for a yes.)
  const still = () =>
    page.evaluate(async () => {
      const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const finite = () =>
        document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
      const y = window.scrollY;
      await new Promise((r) => setTimeout(r, 100));
      if (window.scrollY !== y) return false;
      // A section fades in once 10 percent of it is visible (spec section 9): one showing less
      // than that (a tall section's edge on a phone) stays hidden, and is not waited for.
      const waiting = [...document.querySelectorAll('[data-reveal="hidden"]')].some((el) => {
        const { top, bottom, height } = el.getBoundingClientRect();
        const visible = Math.min(bottom, window.innerHeight) - Math.max(top, 0);
        return visible > 0 && visible >= 0.1 * height;
      });
      if (waiting) return false;
      finite().forEach((a) => a.finish());
      await frame();
      return window.scrollY === y && finite().every((a) => a.playState !== 'running');
    });
  await expect.poll(still, { intervals: [0], timeout: 10_000 }).toBe(true);
  await expectNoAxeViolationsNow(page, include);
}

/** Runs axe (WCAG 2.x A/AA rules) on the page as it is now, and expects no violations. */
export async function expectNoAxeViolationsNow(
  page: Page,
  include?: string,
  { sameOriginFramesOnly = false }: { sameOriginFramesOnly?: boolean } = {},
) {
  let builder = new AxeBuilder({ page }).withTags([
    'wcag2a',
    'wcag2aa',
    'wcag21a',
    'wcag21aa',
    'wcag22aa',
    'best-practice',
  ]);
  if (include) builder = builder.include(include);
  // A sandboxed frame without scripts (the console's sample e-mail) answers none of axe's
  // per-frame steps, and its finishing page then failed to open: axe.run in the page alone, whose
  // opaque-origin frames it skips (the e-mail is the mail's, not the page's, markup).
  if (sameOriginFramesOnly) builder = builder.setLegacyMode(true);
  const { violations } = await builder.analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/**
 * Holds back the app's scripts (every `/assets/*.js`) until the returned function is called: the
 * prerendered page as a visitor sees it before its script has run.
 */
export async function holdAppScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Collects console errors of a page. */
export function consoleErrors(page: Page): string[] {
  const lines: string[] = [];
  page.on('console', (m) => m.type() === 'error' && lines.push(m.text()));
  return lines;
}

export const test = base;
export { expect };

/** An element's background colour in sRGB (Tailwind 4 gives lab()/oklch(); a canvas converts). */
export async function backgroundRgb(locator: Locator): Promise<[number, number, number]> {
  return locator.evaluate(async (el) => {
    // The colour the element settles on: a colour transition still running (the button turning
    // green, for instance) would give a colour in between on a slow machine.
    const finite = el
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.allSettled(finite.map((animation) => animation.finished));
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.fillStyle = getComputedStyle(el).backgroundColor;
    ctx.fillRect(0, 0, 1, 1);
    const [r, g, b] = ctx.getImageData(0, 0, 1, 1).data;
    return [r!, g!, b!] as [number, number, number];
  });
}

/** A sonner toast with this text. */
export const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

/** The waitlist's submit button. */
export const submit = (page: Page) => page.locator('#waitlist form button[type=submit]');

/** The landing page on the memory backend (`config` as configureBackend's), a student signed in. */
export async function signedIn(page: Page, config: MemoryConfig = {}) {
  await configureBackend(page, config);
  await page.goto('/');
  await signIn(page);
}

/** Signs in through the memory backend's account chooser and waits for step 2. */
export async function signIn(page: Page, email = 'ana.garcia@alumnos.udg.mx') {
  await page.locator('#waitlist').scrollIntoViewIfNeeded();
  await page.getByRole('button', { name: 'Continuar con Google' }).click();
  const dialog = page.getByRole('dialog', { name: 'Elige una cuenta' });
  await dialog.getByRole('button', { name: new RegExp(email.replace(/\./g, '\\.')) }).click();
  await expect(page.locator('#waitlist-email')).toHaveValue(email);
}

/** Opens the university selector, searches and picks the option. */
export async function chooseCollege(page: Page, query: string, option: RegExp) {
  await page.getByTestId('college-trigger').click();
  await page.getByPlaceholder('Buscar universidad...').fill(query);
  await page.getByRole('option', { name: option }).click();
}

/**
 * Opens one of the joined card's next steps (issue 62) by its title, unless it is open already
 * (a reload keeps the steps the student opened): its controls are then reachable.
 */
export async function openStep(page: Page, title: string) {
  const button = page.locator('#waitlist').getByRole('button', { name: title, exact: true });
  await expect(button).toBeVisible();
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
}

/** The titles of the joined card's steps. */
export const STEP = {
  verify: 'Verifica tu correo universitario',
  invite: 'Invita a tus compañeros',
  sell: '¿Quieres vender en tu campus?',
  data: 'Tus datos en la lista',
} as const;

/** The six digits of the last code e-mail the memory mail provider received for `to`. */
export async function codeIn(page: Page, to: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const mails = await backend<{ to: string; text: string }[]>(page, 'mailbox');
      code = /\b(\d{6})\b/.exec(mails.filter((m) => m.to === to).at(-1)?.text ?? '')?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}
