import type { EngineDriver } from './drivers';

/** The steps the engine scenarios share, over any EngineDriver. */

/**
 * Polls a check in the page until it returns true, or fails naming what it waited for after 30 s
 * (WebKitGTK under a busy CI machine took over 15 s to open a dialog; a pass returns at once).
 */
export async function waitFor<A extends unknown[]>(
  d: EngineDriver,
  what: string,
  fn: (...args: A) => boolean | Promise<boolean>,
  ...args: A
): Promise<void> {
  const until = Date.now() + 30_000;
  let last: unknown = null;
  while (Date.now() < until) {
    try {
      if (await d.run(fn, ...args)) return;
      last = null;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${d.engine}: timed out waiting for ${what}${last ? ` (${String(last)})` : ''}`);
}

/** Until the app has hydrated and the memory backend's controls exist. */
export const hydrated = (d: EngineDriver) =>
  waitFor(
    d,
    'the app to start',
    () =>
      document.documentElement.hasAttribute('data-hydrated') &&
      !!(window as { __memoryBackend?: unknown }).__memoryBackend,
  );

/** Calls a method of window.__memoryBackend. */
export function backend<T = unknown>(d: EngineDriver, method: string, ...args: unknown[]) {
  return d.run(
    (m: string, a: unknown[]) =>
      (window as unknown as { __memoryBackend: Record<string, (...x: unknown[]) => unknown> })
        .__memoryBackend[m]!(...a) as T,
    method,
    args,
  );
}

/**
 * Clicks the visible, enabled element matching `selector` whose text (or aria-label) contains
 * `text`: marked in the page, then clicked by the engine's own input.
 */
export async function clickText(d: EngineDriver, selector: string, text: string): Promise<void> {
  await waitFor(
    d,
    `${selector} with "${text}"`,
    (s: string, t: string) => {
      document.querySelectorAll('[data-engine-target]').forEach((e) => {
        e.removeAttribute('data-engine-target');
      });
      const found = [...document.querySelectorAll<HTMLElement>(s)].find(
        (e) =>
          ((e.textContent ?? '').includes(t) || e.getAttribute('aria-label') === t) &&
          e.getClientRects().length > 0 &&
          !e.matches(':disabled'),
      );
      found?.setAttribute('data-engine-target', '');
      return !!found;
    },
    selector,
    text,
  );
  await d.click('[data-engine-target]');
}

/** Clicks the n-th (from 0) element matching `selector`, with the engine's own input. */
export async function clickNth(d: EngineDriver, selector: string, n: number): Promise<void> {
  await waitFor(
    d,
    `${selector} number ${n}`,
    (s: string, i: number) => {
      document.querySelectorAll('[data-engine-target]').forEach((e) => {
        e.removeAttribute('data-engine-target');
      });
      const found = document.querySelectorAll(s)[i];
      found?.setAttribute('data-engine-target', '');
      return !!found;
    },
    selector,
    n,
  );
  await d.click('[data-engine-target]');
}

/** Until a toast with this text shows. */
export const toast = (d: EngineDriver, text: string) =>
  waitFor(
    d,
    `the toast "${text}"`,
    (t: string) =>
      [...document.querySelectorAll('[data-sonner-toast], [role="status"], [role="alert"]')].some(
        (e) => (e.textContent ?? '').includes(t),
      ),
    text,
  );

/** Until the first element matching the selector has this text (trimmed, contained). */
export const hasText = (d: EngineDriver, selector: string, text: string) =>
  waitFor(
    d,
    `${selector} to read "${text}"`,
    (s: string, t: string) => {
      const e = document.querySelector<HTMLElement>(s);
      const value = e instanceof HTMLInputElement ? e.value : (e?.textContent ?? '');
      return value.includes(t);
    },
    selector,
    text,
  );

/** Until the element matching the selector is shown (has a box) or, with `shown` false, not. */
export const visible = (d: EngineDriver, selector: string, shown = true) =>
  waitFor(
    d,
    `${selector} ${shown ? 'shown' : 'hidden'}`,
    (s: string, want: boolean) => {
      const e = document.querySelector<HTMLElement>(s);
      const box = e?.getBoundingClientRect();
      const on = !!e && !!box && box.width > 0 && box.height > 0 && e.checkVisibility();
      return on === want;
    },
    selector,
    shown,
  );

/** Lets the page become still: no section fading in, no animation running, no scroll moving. */
export const still = (d: EngineDriver) =>
  waitFor(d, 'the page to be still', async () => {
    const y = window.scrollY;
    await new Promise((r) => setTimeout(r, 150));
    const finite = document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    finite.forEach((a) => a.finish());
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    return window.scrollY === y && finite.every((a) => a.playState !== 'running');
  });

/** An open dialog: a native <dialog>, or an element with a dialog role. */
export const DIALOG = 'dialog[open], [role="dialog"], [role="alertdialog"]';
/** The buttons of an open dialog. */
export const DIALOG_BUTTON = DIALOG.split(', ')
  .map((d) => `${d} button`)
  .join(', ');

/** Signs in through the memory backend's account chooser and waits for step 2. */
export async function signIn(d: EngineDriver, email = 'ana.garcia@alumnos.udg.mx') {
  await clickText(d, '#waitlist button', 'Continuar con Google');
  await visible(d, DIALOG);
  await clickText(d, DIALOG_BUTTON, email);
  await hasText(d, '#waitlist-email', email);
}

/** Opens the university selector, searches, and picks the option containing `option`. */
export async function chooseCollege(d: EngineDriver, query: string, option: string) {
  await d.click('[data-testid="college-trigger"]');
  await visible(d, 'input[placeholder="Buscar universidad..."]');
  await d.type('input[placeholder="Buscar universidad..."]', query);
  await clickText(d, '[role="option"]', option);
}

export const submit = '#waitlist form button[type=submit]';

/**
 * Opens one of the joined card's next steps (issue 62: 'verify', 'invite', 'sell', 'data') by a
 * tap on its disclosure button, unless it is open already.
 */
export async function openStep(d: EngineDriver, step: 'verify' | 'invite' | 'sell' | 'data') {
  const button = `#step-${step}-button`;
  await visible(d, button);
  const open = await d.run(
    (s: string) => document.querySelector(s)!.getAttribute('aria-expanded') === 'true',
    button,
  );
  if (!open) await d.click(button);
  await waitFor(
    d,
    `the step ${step} open`,
    (s: string) => document.querySelector(s)?.getAttribute('aria-expanded') === 'true',
    button,
  );
}

/** The joined card's height as the issue measures it: the form under the section's heading. */
export const cardHeight = (d: EngineDriver) =>
  d.run(() => document.querySelector('#waitlist form')!.getBoundingClientRect().height);
