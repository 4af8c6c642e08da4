import type { Page } from '@playwright/test';
import { configureBackend, expect, hydrated, test } from './fixtures';

/**
 * Issue 15, LCP on slow 4G: the landing page's HTML inlines only the CSS of its first screens
 * (scripts/build/critical-css.mjs), loads the whole stylesheet without blocking the first paint,
 * and fetches the phones' drawing afterwards (scripts/build/loader.mjs). These tests check that
 * the first screens look exactly as with the whole stylesheet, and that nothing moves when the
 * rest arrives.
 */

/** Position, size and look of every element before #how-it-works (the inline CSS's part). */
async function firstScreens(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const end = document.getElementById('how-it-works')!;
    const out: string[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      if (el === end) break;
      // #root and <main> hold the sections below too: their height is not the first screens'.
      if (el.contains(end)) continue;
      const r = el.getBoundingClientRect();
      const s = getComputedStyle(el);
      const name = `${el.tagName}.${el.getAttribute('class') ?? ''}`;
      out.push(
        `${name} ${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)} ` +
          `${s.color} ${s.backgroundColor} ${s.backgroundImage} ${s.font} ${s.boxShadow} ${s.borderRadius}`,
      );
    }
    return out;
  });
}

for (const width of [375, 1280]) {
  test(`at ${width} px the first screens look the same with the inline CSS alone`, async ({
    browser,
  }) => {
    const look = async (wholeStylesheet: boolean) => {
      // Without JavaScript, <noscript> links the whole stylesheet; blocking it leaves the
      // inline rules alone, as at the first paint.
      const context = await browser.newContext({
        viewport: { width, height: 900 },
        javaScriptEnabled: false,
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      let blocked = 0;
      if (!wholeStylesheet) {
        await page.route('**/assets/*.css', (route) => (blocked++, route.abort()));
      }
      await page.goto('/');
      const result = await firstScreens(page);
      await context.close();
      if (!wholeStylesheet) expect(blocked).toBeGreaterThan(0);
      return result;
    };
    const inline = await look(false);
    const whole = await look(true);
    expect(inline.length).toBeGreaterThan(100);
    expect(inline).toEqual(whole);
  });
}

test('the whole stylesheet applies and the phones fill their figure without moving anything', async ({
  page,
}) => {
  await page.setViewportSize({ width: 412, height: 839 });
  await configureBackend(page);
  const css: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'stylesheet') css.push(new URL(r.url()).pathname);
  });
  await page.goto('/');
  const figure = page.locator('figure[data-phones]');
  const box = await figure.boundingBox();
  await expect(figure).toHaveAttribute('data-phones-ready', '');
  // The loader links the whole stylesheet (named by <noscript id="full-css">) after the first paint.
  await expect(page.locator('head > link[rel="stylesheet"]')).toHaveCount(1);
  // The drawing: three phones, hidden from assistive technology, inside the labelled figure.
  await expect(figure).toHaveAttribute('role', 'img');
  await expect(figure.locator('> div[aria-hidden="true"]')).toHaveCount(1);
  await expect(figure).toContainText('Torta ahogada');
  expect(await figure.boundingBox()).toEqual(box);
  // A rule only the whole stylesheet has: the FAQ section's background.
  await expect(page.locator('#faq')).toHaveCSS(
    'background-color',
    /lab\(98\.1|rgb\(248, 250, 252\)/,
  );
  expect(css).toHaveLength(1);
  await hydrated(page);
});

test('the icon is requested after the first paint, once; never /favicon.ico', async ({
  page,
  browser,
}) => {
  await configureBackend(page);
  const icons: { path: string; at: number }[] = [];
  page.on('request', (r) => {
    if (/icon/.test(r.url())) icons.push({ path: new URL(r.url()).pathname, at: Date.now() });
  });
  await page.goto('/');
  // The page names an empty icon; the loader points it at the real one once the page painted.
  const icon = page.locator('head > link[rel="icon"]');
  await expect(icon).toHaveCount(1);
  await expect(icon).toHaveAttribute('href', '/favicon.svg');
  // The browser fetches icons itself (no Resource Timing entry): compare wall clocks.
  const painted = await page.evaluate(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0];
    return fcp ? performance.timeOrigin + fcp.startTime : null;
  });
  expect(painted).not.toBeNull();
  await expect.poll(() => icons.length).toBe(1);
  expect(icons[0]!.at).toBeGreaterThan(painted!);
  await hydrated(page);
  expect(icons.map((request) => request.path)).toEqual(['/favicon.svg']);

  // Without JavaScript the landing page shows no icon, and asks for none.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const noScript = await context.newPage();
  const noScriptIcons: string[] = [];
  noScript.on('request', (r) => {
    if (/icon/.test(r.url())) noScriptIcons.push(new URL(r.url()).pathname);
  });
  await noScript.goto('/');
  await expect(noScript.locator('head > link[rel="icon"]')).toHaveAttribute('href', 'data:,');
  await noScript.waitForLoadState('load');
  expect(noScriptIcons).toEqual([]);
  await context.close();
});

test('without JavaScript the whole stylesheet applies through <noscript>', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.locator('#faq')).toHaveCSS(
    'background-color',
    /lab\(98\.1|rgb\(248, 250, 252\)/,
  );
  // The phones' figure keeps its size and label, without its drawing.
  await expect(page.locator('figure[data-phones]')).toHaveAttribute('aria-label', /Vista previa/);
  await context.close();
});
