import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The page as each engine's own automation protocol drives it, behind one small interface, so
 * that the scenarios of tests/engines/ are written once and run in WebKit and in Firefox:
 * - WebKit: WebKitGTK's MiniBrowser through W3C WebDriver (classic), the `WebKitWebDriver` server
 *   that scripts/test/engines.sh starts under Xvfb (WEBKIT_WEBDRIVER_URL). The requests are plain
 *   HTTP: https://www.w3.org/TR/webdriver2/.
 * - Firefox: Firefox ESR through WebDriver BiDi, with puppeteer-core (`browser: 'firefox'`), which
 *   launches the browser itself (FIREFOX_PATH).
 * Clicks and typing are the engine's trusted input (WebDriver's element click and send keys,
 * puppeteer's mouse and keyboard); what a test reads it reads with a script in the page.
 */
export interface EngineDriver {
  /** 'webkit' or 'firefox'. */
  readonly engine: EngineName;
  /** The browser and its version, as the engine reports them. */
  readonly version: string;
  goto(url: string): Promise<void>;
  /** The viewport's size in CSS pixels. */
  viewport(width: number, height: number): Promise<void>;
  /** Runs `fn(...args)` in the page (it may return a promise) and returns its JSON result. */
  run<T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A): Promise<T>;
  /** A trusted click in the middle of the first element matching the CSS selector. */
  click(selector: string): Promise<void>;
  /** Types into the first element matching the selector (focusing it first). */
  type(selector: string, text: string): Promise<void>;
  /** Presses a key on the focused element: 'Escape', 'Enter', 'Tab'. */
  press(key: 'Escape' | 'Enter' | 'Tab'): Promise<void>;
  /** A PNG of the viewport. */
  screenshot(file: string): Promise<void>;
  close(): Promise<void>;
}

export type EngineName = 'webkit' | 'firefox';

const KEYS = { Escape: '\uE00C', Enter: '\uE007', Tab: '\uE004' } as const;
const ELEMENT = 'element-6066-11e4-a52f-4ae7eb5d3aa5';

/**
 * Until the element can be tapped as a student taps it, at most 5 s: it is scrolled to (a section
 * fades in once scrolled to, spec section 9: opacity and a 24 px slide for 700 ms), every ancestor
 * is opaque, it is enabled (Playwright's actionability), and it stands still (the same box twice,
 * 100 ms apart). Both engines' clicks aim at the box they measured: a control still sliding in, or
 * pushed by content arriving above it, takes the tap elsewhere ('element not interactable', or
 * another control).
 */
async function untilClickable(run: EngineDriver['run'], selector: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  let last = '';
  for (;;) {
    const box = await run((sel: string) => {
      const el = document.querySelector(sel);
      if (!el || el.matches(':disabled')) return '';
      el.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
      for (let e: Element | null = el; e; e = e.parentElement) {
        if (getComputedStyle(e).opacity !== '1') return '';
      }
      const r = el.getBoundingClientRect();
      return [r.x, r.y, r.width, r.height].join(',');
    }, selector);
    if ((box && box === last) || Date.now() >= deadline) return;
    last = box;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** WebKitGTK through W3C WebDriver classic. */
async function webkitDriver(): Promise<EngineDriver> {
  const base = process.env.WEBKIT_WEBDRIVER_URL ?? 'http://127.0.0.1:4444';
  const binary = process.env.WEBKIT_MINIBROWSER ?? '';
  const call = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await res.json()) as { value: T & { error?: string; message?: string } };
    if (!res.ok) {
      throw new Error(`WebDriver ${method} ${url}: ${json.value.error}: ${json.value.message}`);
    }
    return json.value;
  };
  const session = await call<{ sessionId: string; capabilities: { browserVersion: string } }>(
    'POST',
    '/session',
    {
      capabilities: {
        alwaysMatch: {
          browserName: 'MiniBrowser',
          'webkitgtk:browserOptions': { binary, args: ['--automation'] },
        },
      },
    },
  );
  const s = `/session/${session.sessionId}`;
  const find = async (selector: string) => {
    const found = await call<Record<string, string>>('POST', `${s}/element`, {
      using: 'css selector',
      value: selector,
    });
    // The W3C web element reference: one key, the identifier (its name is the spec's constant).
    return found[ELEMENT] ?? Object.values(found)[0]!;
  };
  const run: EngineDriver['run'] = async (fn, ...args) => {
    // The script's last argument is WebDriver's callback; a thrown error comes back as a value.
    const script = `const done = arguments[arguments.length - 1];
      Promise.resolve().then(() => (${fn.toString()})(...Array.prototype.slice.call(arguments, 0, -1)))
        .then((value) => done({ value: value === undefined ? null : value }),
              (error) => done({ error: String(error && error.stack || error) }));`;
    const answer = await call<{ value?: unknown; error?: string }>('POST', `${s}/execute/async`, {
      script,
      args,
    });
    if (answer.error) throw new Error(`In the page: ${answer.error}`);
    return answer.value as never;
  };
  /**
   * MiniBrowser's window is at least 447 px wide (its toolbar): a narrower viewport is an iframe
   * of that size in a page of the same origin (the privacy notice, which runs no script), and
   * every command then works in the frame. The page inside lays out at the frame's width: its
   * media queries, `innerWidth` and fixed elements are the frame's.
   */
  let frame: { width: number; height: number } | null = null;
  const MIN_WINDOW_WIDTH = 447;
  const intoFrame = () => call('POST', `${s}/frame`, { id: 0 });
  /** The window's size for this viewport: the browser's chrome added, once the resize settled. */
  const setWindow = async (width: number, height: number) => {
    await call('POST', `${s}/frame`, { id: null });
    let chrome = [0, 0];
    let seen: number[] = [];
    for (let attempt = 0; attempt < 30; attempt++) {
      await call('POST', `${s}/window/rect`, {
        width: width + chrome[0]!,
        height: height + chrome[1]!,
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      seen = await run(() => [innerWidth, innerHeight, outerWidth, outerHeight]);
      if (seen[0] === width && seen[1] === height) return;
      chrome = [Math.max(0, seen[2]! - seen[0]!), Math.max(0, seen[3]! - seen[1]!)];
    }
    throw new Error(`WebKit's viewport stays ${seen[0]}x${seen[1]}, not ${width}x${height}`);
  };
  return {
    engine: 'webkit',
    version: `WebKitGTK ${session.capabilities.browserVersion} (MiniBrowser)`,
    async goto(url) {
      if (!frame) {
        await call('POST', `${s}/url`, { url });
        return;
      }
      await call('POST', `${s}/frame`, { id: null });
      await call('POST', `${s}/url`, { url: new URL('/aviso-de-privacidad', url).href });
      await run(
        (src: string, width: number, height: number) =>
          new Promise<void>((resolve) => {
            document.body.replaceChildren();
            document.body.style.margin = '0';
            const f = document.createElement('iframe');
            f.style.cssText = `border:0;display:block;width:${width}px;height:${height}px`;
            f.addEventListener('load', () => resolve(), { once: true });
            f.src = src;
            document.body.append(f);
          }),
        url,
        frame.width,
        frame.height,
      );
      await intoFrame();
    },
    async viewport(width, height) {
      frame = width < MIN_WINDOW_WIDTH ? { width, height } : null;
      await setWindow(Math.max(width, MIN_WINDOW_WIDTH), height);
      if (frame) await intoFrame().catch(() => undefined);
    },
    run,
    async click(selector) {
      await untilClickable(run, selector);
      const id = await find(selector);
      await call('POST', `${s}/element/${id}/click`, {});
    },
    async type(selector, text) {
      const id = await find(selector);
      await call('POST', `${s}/element/${id}/value`, { text });
    },
    async press(key) {
      await call('POST', `${s}/actions`, {
        actions: [
          {
            type: 'key',
            id: 'keyboard',
            actions: [
              { type: 'keyDown', value: KEYS[key] },
              { type: 'keyUp', value: KEYS[key] },
            ],
          },
        ],
      });
    },
    async screenshot(file) {
      let png: string;
      if (frame) {
        // The frame alone: the page at its width.
        await call('POST', `${s}/frame/parent`, {});
        const iframe = await find('iframe');
        png = await call<string>('GET', `${s}/element/${iframe}/screenshot`);
        await intoFrame();
      } else {
        png = await call<string>('GET', `${s}/screenshot`);
      }
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, Buffer.from(png, 'base64'));
    },
    close: () => call('DELETE', s).then(() => undefined),
  };
}

/** Firefox through WebDriver BiDi (puppeteer-core). */
async function firefoxDriver(): Promise<EngineDriver> {
  const puppeteer = (await import('puppeteer-core')).default;
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr',
    headless: true,
  });
  const page = await browser.newPage();
  page.setDefaultTimeout(15_000);
  const element = async (selector: string) => {
    const handle = await page.$(selector);
    if (!handle) throw new Error(`No element matches ${selector}`);
    return handle;
  };
  return {
    engine: 'firefox',
    version: `Firefox ${(await browser.version()).replace(/^firefox\//i, '')}`,
    goto: (url) => page.goto(url, { waitUntil: 'load' }).then(() => undefined),
    viewport: (width, height) => page.setViewport({ width, height }),
    run: (fn, ...args) =>
      page.evaluate(fn as (...a: unknown[]) => unknown, ...args) as Promise<never>,
    async click(selector) {
      await untilClickable(
        (fn, ...args) =>
          page.evaluate(fn as (...a: unknown[]) => unknown, ...args) as Promise<never>,
        selector,
      );
      const handle = await element(selector);
      await handle.click();
    },
    async type(selector, text) {
      const handle = await element(selector);
      await handle.focus();
      await page.keyboard.type(text);
    },
    press: (key) => page.keyboard.press(key),
    async screenshot(file) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      await page.screenshot({ path: file as `${string}.png` });
    },
    close: () => browser.close(),
  };
}

export const ENGINES: readonly EngineName[] = ['webkit', 'firefox'];

/** Which engines can run here (scripts/test/engines.sh says, in ENGINES_AVAILABLE). */
export function availableEngines(): EngineName[] {
  const listed = (process.env.ENGINES_AVAILABLE ?? '').split(',').filter(Boolean);
  return ENGINES.filter((e) => listed.includes(e));
}

export function startDriver(engine: EngineName): Promise<EngineDriver> {
  return engine === 'webkit' ? webkitDriver() : firefoxDriver();
}

/** axe-core's source, injected into the page by `axe`. */
const axeSource = fs.readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** axe's serious and critical violations (WCAG 2.x A/AA), as `rule: targets`. */
export async function axeViolations(driver: EngineDriver): Promise<string[]> {
  await driver.run((source: string) => {
    if (!(window as unknown as { axe?: unknown }).axe) new Function(source)();
  }, axeSource);
  return driver.run(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            context: Document,
            options: object,
          ): Promise<{
            violations: { id: string; impact: string; nodes: { target: string[] }[] }[];
          }>;
        };
      }
    ).axe;
    const { violations } = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}
