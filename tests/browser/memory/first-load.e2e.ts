import type { Page, Route } from '@playwright/test';
import { configureBackend, expect, hydrated, signIn, test } from './fixtures';

/**
 * Issue 15, LCP on slow 4G: the landing page's HTML inlines only the CSS of its first screens
 * (scripts/build/critical-css.mjs), loads the rest of the stylesheet without blocking the first
 * paint, and fetches the phones' drawing afterwards (scripts/build/loader.mjs). These tests check
 * that the first screens look exactly as with the whole stylesheet, that nothing moves when the
 * rest arrives, and that the two parts style every element as the whole stylesheet does.
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
      // Without JavaScript, <noscript> links the rest of the stylesheet; blocking it leaves the
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

test('the rest of the stylesheet applies and the phones fill their figure without moving anything', async ({
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
  // The loader links the rest of the stylesheet (named by <noscript id="offscreen-css">) after
  // the first paint.
  await expect(page.locator('head > link[rel="stylesheet"]')).toHaveCount(1);
  // The drawing: three phones, hidden from assistive technology, inside the labelled figure.
  await expect(figure).toHaveAttribute('role', 'img');
  await expect(figure.locator('> div[aria-hidden="true"]')).toHaveCount(1);
  await expect(figure).toContainText('Torta ahogada');
  expect(await figure.boundingBox()).toEqual(box);
  // Piece by piece, the figure ends up holding exactly the drawing: phones.html's frame with
  // each phone inside it, in order.
  const parts = (await (await page.request.get('/phones.html')).text()).split('<!--|-->');
  expect(parts).toHaveLength(4);
  expect(await figure.innerHTML()).toBe(
    parts[0]!.replace(/<\/div>$/, `${parts.slice(1).join('')}</div>`),
  );
  // A rule only the offscreen stylesheet has: the FAQ section's background.
  await expect(page.locator('#faq')).toHaveCSS(
    'background-color',
    /lab\(98\.1|rgb\(248, 250, 252\)/,
  );
  expect(css).toHaveLength(1);
  // (Read after the stylesheets are counted: the inspector's CSS domain fetches them again.)
  // All of the drawing's text is drawn in its own web font (scripts/build/phone-font.mjs), none
  // in a system font: a character the font was cut without would be drawn in one, named here.
  const fonts = await fontsOf(page, 'figure[data-phones] *');
  expect(fonts.custom, 'glyphs in the web font').toBeGreaterThan(500);
  expect(fonts.system, 'glyphs in system fonts').toEqual({});
  await hydrated(page);
});

/**
 * Every element's computed style (custom properties aside), then again with the whole stylesheet
 * (the 404 page inlines it whole) added after the page's own: the differences, at most ten. The inline rules and the
 * offscreen stylesheet must cascade as the whole stylesheet does, in every state of the page.
 */
async function differencesFromWholeStylesheet(page: Page): Promise<string[]> {
  const notFound = await (await page.request.get('/404.html')).text();
  const whole = /<style>([\s\S]*?)<\/style>/.exec(notFound)![1]!;
  // The pointer away from any link: a :hover that flips when the page moves under the pointer
  // (Chromium updates it a moment after a layout) is not the cascade's doing.
  await page.mouse.move(1, 1);
  await page.evaluate(() => new Promise((r) => setTimeout(r, 100)));
  return page.evaluate(async (css) => {
    const frames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const styles = () =>
      [...document.querySelectorAll('body *')].map((el) => {
        let out = `${el.tagName}.${el.getAttribute('class') ?? ''}`;
        // Computed values (Typed OM: `auto`, not the margin it came to in the last layout).
        // Custom properties aside: the theme's variables the inline rules do not use are written
        // out where the offscreen rules use them, instead of declared on :root.
        for (const [property, values] of el.computedStyleMap()) {
          if (!property.startsWith('--')) out += `;${property}:${[...values].join(' ')}`;
        }
        return out;
      });
    // The page at rest: nothing in it changed for a couple of frames and no finite animation
    // runs (the loader may still be placing the phones' last pieces, or a toast leaving, on a
    // machine that runs behind). Watched cheaply: a full reading takes about a second there.
    // Records reach the callback at the next microtask (takeRecords() alone would miss them).
    let changed = false;
    const changes = new MutationObserver(() => (changed = true));
    changes.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
    const moving = () => {
      const was = changed || changes.takeRecords().length > 0;
      changed = false;
      return (
        was ||
        document
          .getAnimations()
          .some((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity)
      );
    };
    const atRest = async () => {
      for (let i = 0; i < 100; i++) {
        await frames();
        if (!moving()) return;
      }
    };
    // The readings without and with the whole stylesheet count only if the page itself did not
    // change between them; otherwise they are taken again.
    let before: string[] = [];
    let after: string[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      await atRest();
      before = styles();
      const style = document.createElement('style');
      style.textContent = css;
      document.head.append(style);
      await frames();
      after = styles();
      style.remove();
      await frames();
      // A stylesheet adds or removes no element: a count that differs is the page changing.
      if (!moving() && after.length === before.length) break;
    }
    changes.disconnect();
    const differences: string[] = [];
    if (after.length !== before.length) differences.push(`${before.length} -> ${after.length}`);
    before.forEach((b, i) => {
      if (b === after[i] || differences.length >= 10) return;
      const was = new Set(b.split(';'));
      differences.push(
        `${b.split(';')[0]}: ${after[i]!.split(';')
          .filter((d) => !was.has(d))
          .join('; ')}`.slice(0, 300),
      );
    });
    return differences;
  }, whole);
}

/** The landing page at this width, loaded, with its phones in and every section laid out. */
async function laidOut(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await configureBackend(page);
  await page.goto('/');
  await expect(page.locator('figure[data-phones]')).toHaveAttribute('data-phones-ready', '');
  await hydrated(page);
  // Every section laid out for real, as after a visit to the bottom of the page.
  await page.evaluate(() => document.documentElement.setAttribute('data-all-rendered', ''));
}

// One comparison per test (two readings of every element's computed style each): the page as
// it loads, then the states only the app renders.
for (const width of [375, 1280]) {
  test(`at ${width} px the inline CSS and the offscreen stylesheet style every element as the whole one does`, async ({
    page,
  }) => {
    await laidOut(page, width);
    expect(await differencesFromWholeStylesheet(page)).toEqual([]);
  });

  test(`at ${width} px the same holds with an answer open${width < 768 ? ' and the phone menu' : ''}`, async ({
    page,
  }) => {
    await laidOut(page, width);
    await page.locator('#faq button[aria-expanded]').first().click();
    if (width < 768) {
      await page.getByRole('button', { name: 'Abrir menú' }).click();
      await expect(page.getByRole('navigation', { name: 'Menú móvil' })).toBeVisible();
    }
    expect(await differencesFromWholeStylesheet(page)).toEqual([]);
  });

  test(`at ${width} px the same holds at the waitlist's second step, its selector open`, async ({
    page,
  }) => {
    await laidOut(page, width);
    await signIn(page);
    // The welcome toast gone first (it leaves after about 4 s): a comparison it crossed would be
    // taken again, and each reading takes seconds on a machine that runs behind.
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
    await page.getByTestId('college-trigger').click();
    await page.getByPlaceholder('Buscar universidad...').fill('Guadalajara');
    await expect(page.getByRole('option', { name: /Guadalajara/ }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await differencesFromWholeStylesheet(page)).toEqual([]);
  });
}

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
  await expect(icon).toHaveAttribute('href', '/favicon.png');
  // The browser fetches icons itself (no Resource Timing entry): compare wall clocks.
  const painted = await page.evaluate(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0];
    return fcp ? performance.timeOrigin + fcp.startTime : null;
  });
  expect(painted).not.toBeNull();
  await expect.poll(() => icons.length).toBe(1);
  expect(icons[0]!.at).toBeGreaterThan(painted!);
  await hydrated(page);
  expect(icons.map((request) => request.path)).toEqual(['/favicon.png']);

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

test('an address naming a section has the rest of the stylesheet before its first paint; lost, the app still starts', async ({
  page,
}) => {
  await configureBackend(page);
  // A slow stylesheet: without the head's render-blocking link the page would paint first.
  await page.route('**/assets/offscreen-*.css', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  await page.goto('/#waitlist');
  await hydrated(page);
  const { css, painted } = await page.evaluate(() => ({
    css: performance
      .getEntriesByType('resource')
      .filter((e) => /\/assets\/offscreen-[^/]*\.css$/.test(e.name))
      .map((e) => (e as PerformanceResourceTiming).responseEnd),
    painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
  }));
  // Requested once (by the head's SECTION_STYLES; the loader waits for that link) and in before
  // the first paint: the section the browser scrolls to is laid out once.
  expect(css).toHaveLength(1);
  expect(painted).not.toBeNull();
  expect(css[0]!).toBeLessThanOrEqual(painted!);

  // The stylesheet lost to the network: the page paints with its inline rules and the app starts.
  const lost = await page.context().newPage();
  await configureBackend(lost);
  await lost.route('**/assets/offscreen-*.css', (route) => route.abort());
  await lost.goto('/#faq');
  await hydrated(lost);
  await lost.locator('#faq button[aria-expanded]').first().click();
  await expect(lost.locator('#faq button[aria-expanded="true"]')).toHaveCount(1);
  await lost.close();
});

test('without JavaScript the rest of the stylesheet applies through <noscript>', async ({
  browser,
}) => {
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

test('the scrollbar appearing moves nothing sideways (the page grows past the window as it loads)', async ({
  playwright,
  baseURL,
}) => {
  // Headless Chromium hides scrollbars for tests; a desktop browser shows a classic one (15 px).
  // Seen in Lighthouse: the first layout came while the page was still shorter than the window,
  // then the scrollbar took its room and everything centred moved 7.5 px (CLS 0.003).
  const browser = await playwright.chromium.launch({
    ...test.info().project.use.launchOptions,
    ignoreDefaultArgs: ['--hide-scrollbars'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${baseURL}/`);
    const title = page.locator('#hero-title');
    const scrolling = await title.evaluate((e) => e.getBoundingClientRect().x);
    expect(await page.evaluate(() => innerWidth - document.documentElement.clientWidth)).toBe(15);
    // The same page with nothing below the hero, as early in its load: no scrollbar to show.
    await page.evaluate(() => {
      for (const e of document.querySelectorAll<HTMLElement>(
        '#root > :not(header, main), main > :not(#top)',
      ))
        e.style.display = 'none';
    });
    expect(await page.evaluate(() => document.documentElement.scrollHeight <= innerHeight)).toBe(
      true,
    );
    expect(await title.evaluate((e) => e.getBoundingClientRect().x)).toBe(scrolling);
  } finally {
    await browser.close();
  }
});

test("the phones' drawing sets up no system font", async ({ browser }) => {
  // Each new size and weight of a system font makes Chromium on Linux ask its browser process for
  // the font's render style, synchronously (traced as below): the drawing's 14 made 14 tasks that
  // waited for it. Its text is set in a web font of its own (scripts/build/phone-font.mjs), for
  // which Chromium asks nothing. So a load sets up as many system fonts after the first paint
  // with the drawing as without it (its request answered 404): the page's other text may set some up.
  test.skip(process.platform !== 'linux', 'font set-ups are traced on Linux only');
  const setUps = async (drawing: boolean) => {
    // Reduced motion and no app script: besides the rest of the stylesheet, the loader's drawing
    // is all that sets text after the first paint (the app's fonts would blur the count).
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    try {
      const page = await context.newPage();
      let blocked = 0;
      await page.route('**/assets/index-*.js', (route) => (blocked++, route.abort()));
      // Without it: answered 404, the loader leaves the figure empty (and says it is done).
      if (!drawing) await page.route('**/phones.html', (route) => route.fulfill({ status: 404 }));
      await browser.startTracing(page, { categories: ['fonts', 'loading', 'devtools.timeline'] });
      await page.goto('/');
      await expect(page.locator('figure[data-phones]')).toHaveAttribute('data-phones-ready', '');
      // A second more in both: the rest of the page (the stylesheet, the icon) settles the same.
      await page.waitForTimeout(1000);
      const figureText = await page.locator('figure[data-phones]').textContent();
      const trace = JSON.parse((await browser.stopTracing()).toString()) as {
        traceEvents: { name: string; ts: number; pid: number; tid: number }[];
      };
      expect(blocked, "the app's entry script was held back").toBeGreaterThan(0);
      expect(figureText, drawing ? 'the drawing is in' : 'no drawing').toContain(
        drawing ? 'Torta ahogada' : '',
      );
      if (!drawing) expect(figureText).toBe('');
      const paint = trace.traceEvents.find((e) => e.name === 'firstContentfulPaint');
      expect(paint, 'the trace has the first contentful paint').toBeDefined();
      // On the page's main thread, where the paint is reported and the loader runs.
      const all = trace.traceEvents.filter(
        (e) =>
          e.pid === paint!.pid &&
          e.tid === paint!.tid &&
          e.name === 'WebSandboxSupportLinux::GetWebFontRenderStyleForStrike',
      );
      // None before the paint: Chromium renamed the event, and this test would guard nothing.
      expect(
        all.filter((e) => e.ts <= paint!.ts).length,
        'font set-ups traced before the first paint (the first screens)',
      ).toBeGreaterThan(0);
      return all.filter((e) => e.ts > paint!.ts).length;
    } finally {
      await context.close();
    }
  };
  expect(await setUps(true), 'set-ups after the first paint, with the drawing').toBe(
    await setUps(false),
  );
});

test("the phones' drawing goes in, in the page's font, when its font is lost or late", async ({
  browser,
}) => {
  // The loader waits for the drawing's font 3 s at most (scripts/build/loader.mjs). A font that
  // fails is passed over; one that comes later is never used, so no text is drawn twice: the
  // drawing is set in the page's font.
  for (const way of ['lost', 'late'] as const) {
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    try {
      const page = await context.newPage();
      let asked = 0;
      let held: Route | undefined;
      await page.route('**/assets/phone-art-*.woff2', (route) => {
        asked++;
        if (way === 'lost') return route.abort();
        held = route; // answered once the drawing is in
      });
      await page.goto('/');
      const figure = page.locator('figure[data-phones]');
      await expect(figure, way).toHaveAttribute('data-phones-ready', '', { timeout: 10_000 });
      await expect(figure).toContainText('Torta ahogada');
      expect(asked, way).toBe(1);
      if (held) {
        const loaded = page.waitForEvent('requestfinished', (r) => r.url().includes('phone-art'));
        await held.continue();
        await loaded;
        // Two frames: a font used now would have been laid out and drawn.
        await page.evaluate(
          () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
        );
      }
      const fonts = await fontsOf(page, 'figure[data-phones] *');
      expect(fonts.custom, way).toBe(0);
      expect(
        Object.values(fonts.system).reduce((sum, n) => sum + n, 0),
        way,
      ).toBeGreaterThan(500);
      await hydrated(page);
    } finally {
      await context.close();
    }
  }
});

/**
 * The glyphs the browser draws the text of the elements matching `selector` with: how many in
 * web fonts, and how many in each system font, by family.
 */
async function fontsOf(
  page: Page,
  selector: string,
): Promise<{ custom: number; system: Record<string, number> }> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
    const { nodeIds } = await cdp.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector });
    const out = { custom: 0, system: {} as Record<string, number> };
    for (const nodeId of nodeIds) {
      const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
      for (const font of fonts) {
        if (font.isCustomFont) out.custom += font.glyphCount;
        else out.system[font.familyName] = (out.system[font.familyName] ?? 0) + font.glyphCount;
      }
    }
    return out;
  } finally {
    await cdp.detach();
  }
}

test('the first paint looks up only the typeface it draws with: no family the system lacks', async ({
  browser,
}) => {
  // Chromium on Linux asks its browser process for each font family a layout needs (a
  // synchronous call per family and weight) and traces the name asked for. A name in the stack
  // that the system lacks (Safari's ui-sans-serif anywhere else) is looked up in vain, once per
  // weight, before the first paint. Checked on Linux, where CI runs: macOS resolves fonts in the
  // renderer, untraced, and other platforms' calls were not looked at.
  test.skip(process.platform !== 'linux', 'font lookups are checked on Linux only');
  // Without JavaScript the prerendered first screens stay as painted, so their nodes can be read
  // after the paint (the islands would replace them). The font stack is the same.
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await browser.startTracing(page, { categories: ['fonts', 'loading'] });
    await page.goto('/');
    await expect
      .poll(() =>
        page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length),
      )
      .toBe(1);
    const trace = JSON.parse((await browser.stopTracing()).toString()) as {
      traceEvents: { name: string; ts: number; args?: { family_name?: string } }[];
    };
    const paint = trace.traceEvents.find((e) => e.name === 'firstContentfulPaint');
    expect(paint, 'the trace has the first contentful paint').toBeDefined();
    const lookedUp = new Set(
      trace.traceEvents
        .filter((e) => e.name === 'FontDataManager::onMatchFamilyStyle' && e.ts <= paint!.ts)
        .map((e) => e.args?.family_name),
    );
    // None at all: Chromium renamed the event, or this build does not ask its font data service
    // (kFontDataServiceLinux). This test would then guard nothing, so it says so.
    expect(lookedUp.size, 'font lookups traced before the first paint').toBeGreaterThan(0);

    // The families the first screens' text is drawn in, as the browser reports them.
    const cdp = await context.newCDPSession(page);
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument');
    const { nodeIds } = await cdp.send('DOM.querySelectorAll', {
      nodeId: root.nodeId,
      selector: 'header *, #top *, #features *',
    });
    const drawnWith = new Set<string>();
    for (const nodeId of nodeIds) {
      const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
      for (const font of fonts) drawnWith.add(font.familyName);
    }
    expect(drawnWith.size).toBeGreaterThan(0);
    expect([...lookedUp].filter((name) => !name || !drawnWith.has(name))).toEqual([]);
  } finally {
    await context.close();
  }
});
