// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  COUNT_UP_STEPS_PER_SECOND,
  countUpValue,
  nextCountUpChange,
  useCountUp,
} from '@/ui/hooks/use-count-up';
import { CountFigure } from '@/ui/landing/count-figure';

const step = 1000 / COUNT_UP_STEPS_PER_SECOND;
// Counts up and down (the page's counters only count up).
const counts = fc.record({
  start: fc.integer({ min: 0, max: 1000 }),
  span: fc.integer({ min: -1000, max: 1000 }).filter((span) => span !== 0),
  durationMs: fc.integer({ min: 100, max: 20_000 }),
  share: fc.double({ min: 0, max: 1, noNaN: true }),
});

describe('the count-up figures', () => {
  it('run from start to end without going back', () => {
    fc.assert(
      fc.property(counts, ({ start, span, durationMs, share }) => {
        const end = start + span;
        const at = share * durationMs;
        const sign = Math.sign(span);
        expect(countUpValue(start, end, durationMs, 0)).toBe(start);
        expect(countUpValue(start, end, durationMs, durationMs)).toBe(end);
        const value = countUpValue(start, end, durationMs, at);
        expect((value - start) * sign).toBeGreaterThanOrEqual(0);
        expect((end - value) * sign).toBeGreaterThanOrEqual(0);
        expect(
          (countUpValue(start, end, durationMs, at + 1) - value) * sign,
        ).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('a count with nothing to count, or no time to count it, shows its end', () => {
    expect(countUpValue(7, 7, 2000, 500)).toBe(7);
    expect(countUpValue(4, 15, 0, 0)).toBe(15);
    expect(nextCountUpChange(7, 7, 2000, 500, 7)).toBe(2000);
  });

  it('next change: a step away at the soonest, and never later than the figure changes', () => {
    fc.assert(
      fc.property(counts, ({ start, span, durationMs, share }) => {
        const end = start + span;
        const elapsed = share * durationMs;
        const shown = countUpValue(start, end, durationMs, elapsed);
        fc.pre(shown !== end);
        const next = nextCountUpChange(start, end, durationMs, elapsed, shown);
        expect(next).toBeGreaterThanOrEqual(elapsed + step);
        // By then (a millisecond of float rounding aside) the figure has changed...
        expect(countUpValue(start, end, durationMs, next + 1)).not.toBe(shown);
        // ...and waiting longer than a step is only ever waiting for the figure to change.
        if (next > elapsed + step + 1) {
          expect(countUpValue(start, end, durationMs, next - 1)).toBe(shown);
        }
      }),
    );
  });
});

/** A counter; `onFigure` hears every figure it shows, `onRender` every render of it. */
function Counter({
  end = 200,
  onFigure,
  onRender = () => {},
}: {
  end?: number;
  onFigure: (value: number) => void;
  onRender?: () => void;
}) {
  onRender();
  useCountUp({ start: 0, end, duration: 10, active: true }, onFigure);
  return null;
}

// The page keeps one MediaQueryList (use-reduced-motion.ts), made by the first matchMedia call:
// the stub is one object whose answer can change, telling its listeners as a browser does.
let reduce = false;
const listeners = new Set<() => void>();
const mediaQuery = {
  get matches() {
    return reduce;
  },
  media: '(prefers-reduced-motion: reduce)',
  addEventListener: (_: string, listener: () => void) => void listeners.add(listener),
  removeEventListener: (_: string, listener: () => void) => void listeners.delete(listener),
};
const reducedMotion = (matches: boolean) => {
  reduce = matches;
  vi.stubGlobal('matchMedia', () => mediaQuery);
  listeners.forEach((listener) => listener());
};

/** Fake timers and clock, motion allowed; the page and the stubs cleaned after each test. */
function withFakeClock() {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    reducedMotion(false);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
}

describe('useCountUp', () => {
  withFakeClock();

  it("counts the hero's 0 to 200 over 10 s in at most 20 figures a second, each one new", () => {
    const frames = vi.spyOn(window, 'requestAnimationFrame');
    const seen: number[] = [];
    const at: number[] = [];
    const onFigure = (value: number) => {
      seen.push(value);
      at.push(performance.now());
    };
    let renders = 0;
    render(<Counter onFigure={onFigure} onRender={() => void renders++} />);
    for (let ms = 0; ms < 11_000; ms += 10) act(() => void vi.advanceTimersByTime(10));
    expect(seen.at(-1)).toBe(200);
    // Every figure shown was a new one: none was spent on a figure that stayed the same.
    expect(seen.filter((value, i) => i === 0 || value !== seen[i - 1])).toEqual(seen);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    // A step apart at least: 20 figures a second at most, where it counts fastest too.
    const gaps = at.slice(1).map((time, i) => time - at[i]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(1000 / COUNT_UP_STEPS_PER_SECOND);
    expect(at.filter((time) => time - at[0]! <= 1000).length).toBeLessThanOrEqual(
      COUNT_UP_STEPS_PER_SECOND + 1,
    );
    // No figure is a React render: the counter rendered once, for its first figure.
    expect(seen.length).toBeGreaterThan(50);
    expect(renders).toBe(1);
    // No animation-frame loop: each change is one write, drawn in the frame that follows it.
    expect(frames).not.toHaveBeenCalled();
    // Once at 200, nothing is left scheduled.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops at the end of its time even when the end is no whole figure', () => {
    const seen: number[] = [];
    render(<Counter end={10.5} onFigure={(value) => seen.push(value)} />);
    for (let ms = 0; ms < 11_000; ms += 100) act(() => void vi.advanceTimersByTime(100));
    expect(seen.at(-1)).toBe(11);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('with reduced motion, shows the end at once and schedules nothing', () => {
    reducedMotion(true);
    const seen: number[] = [];
    render(<Counter onFigure={(value) => seen.push(value)} />);
    expect(seen).toEqual([200]);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('CountFigure', () => {
  withFakeClock();

  it("writes each figure into React's own text node, which React keeps", () => {
    const { getByTestId, rerender } = render(
      <CountFigure start={10} end={200} duration={2} active suffix="+" testId="count" />,
    );
    const counting = getByTestId('count').firstElementChild!;
    const text = counting.firstChild;
    expect(counting.textContent).toBe('10+');
    act(() => void vi.advanceTimersByTime(500));
    const midway = counting.textContent;
    expect(midway).toMatch(/^\d+\+$/);
    expect(midway).not.toBe('10+');
    // A render of its own (its props again) neither resets the figure nor swaps the node.
    rerender(<CountFigure start={10} end={200} duration={2} active suffix="+" testId="count" />);
    expect(counting.textContent).toBe(midway);
    for (let ms = 0; ms < 3000; ms += 100) act(() => void vi.advanceTimersByTime(100));
    expect(counting.textContent).toBe('200+');
    expect(counting.firstChild).toBe(text);
    expect(counting.childNodes).toHaveLength(1);
  });

  it('hydrates over the prerendered figure, keeps its text node and counts to the end', () => {
    const figure = <CountFigure start={0} end={200} duration={10} active suffix="+" testId="n" />;
    const host = document.createElement('div');
    host.innerHTML = renderToString(figure);
    document.body.append(host);
    const text = host.querySelector('[data-testid=n]')!.firstElementChild!.firstChild;
    expect(text?.nodeValue).toBe('0+');
    const errors = vi.spyOn(console, 'error');
    let root: Root | undefined;
    act(() => void (root = hydrateRoot(host, <StrictMode>{figure}</StrictMode>)));
    for (let ms = 0; ms < 11_000; ms += 100) act(() => void vi.advanceTimersByTime(100));
    expect(host.querySelector('[data-testid=n]')!.firstElementChild!.firstChild).toBe(text);
    expect(text?.nodeValue).toBe('200+');
    expect(errors).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
    act(() => root!.unmount());
    host.remove();
  });

  it('leaves no timer behind when it goes mid-count', () => {
    const { unmount, getByTestId } = render(
      <CountFigure start={0} end={200} duration={10} active testId="n" />,
    );
    act(() => void vi.advanceTimersByTime(1000));
    expect(getByTestId('n').firstElementChild!.textContent).not.toBe('0');
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps the figure it shows through a render that changes its text', () => {
    const { getByTestId, rerender } = render(
      <CountFigure start={4} end={15} duration={2} active testId="n" />,
    );
    for (let ms = 0; ms < 3000; ms += 100) act(() => void vi.advanceTimersByTime(100));
    rerender(<CountFigure start={4} end={15} duration={2} active suffix="+" testId="n" />);
    expect(getByTestId('n').firstElementChild!.textContent).toBe('15+');
  });

  it('follows reduced motion turned on and off: the end at once, then the start until active', () => {
    const { getByTestId, rerender } = render(
      <CountFigure start={4} end={15} duration={2} delay={3} active={false} testId="n" />,
    );
    const counting = getByTestId('n').firstElementChild!;
    act(() => reducedMotion(true));
    expect(counting.textContent).toBe('15');
    act(() => reducedMotion(false));
    expect(counting.textContent).toBe('4');
    rerender(<CountFigure start={4} end={15} duration={2} delay={3} active testId="n" />);
    for (let ms = 0; ms < 5500; ms += 100) act(() => void vi.advanceTimersByTime(100));
    expect(counting.textContent).toBe('15');
  });

  it('counts once on screen, and ends at once, for good, when it leaves the screen', () => {
    // A stub IntersectionObserver: the test says when the figure is on or off the screen.
    const observers: { report: (onScreen: boolean) => void; target?: Element; live: boolean }[] =
      [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        private readonly entry: (typeof observers)[number];
        constructor(callback: (entries: Partial<IntersectionObserverEntry>[]) => void) {
          this.entry = {
            live: true,
            report: (onScreen) => {
              if (this.entry.live) callback([{ isIntersecting: onScreen }]);
            },
          };
          observers.push(this.entry);
        }
        observe(target: Element) {
          this.entry.target = target;
        }
        disconnect() {
          this.entry.live = false;
        }
      },
    );
    const live = () => observers.filter((observer) => observer.live);
    const { getByTestId, rerender } = render(
      <CountFigure start={0} end={200} duration={10} active={false} testId="n" />,
    );
    const counting = getByTestId('n').firstElementChild!;
    // Not counting yet (a stat below the fold): off the screen is no reason to end.
    expect(live()).toHaveLength(0);
    rerender(<CountFigure start={0} end={200} duration={10} active testId="n" />);
    expect(live()).toHaveLength(1);
    expect(live()[0]!.target).toBe(counting);
    // Active but not seen yet (the visitor arrived further down): it waits at its start.
    act(() => live()[0]!.report(false));
    act(() => void vi.advanceTimersByTime(2000));
    expect(counting.textContent).toBe('0');
    expect(vi.getTimerCount()).toBe(0);
    act(() => live()[0]!.report(true));
    act(() => void vi.advanceTimersByTime(1000));
    const midway = Number(counting.textContent);
    expect(midway).toBeGreaterThan(0);
    expect(midway).toBeLessThan(200);
    // Scrolled away mid-count: the end at once, nothing left scheduled, no observer left.
    const [observer] = live();
    act(() => observer!.report(false));
    expect(counting.textContent).toBe('200');
    expect(vi.getTimerCount()).toBe(0);
    expect(live()).toHaveLength(0);
    // Back on the screen, it stays at its end.
    act(() => observer!.report(true));
    act(() => void vi.advanceTimersByTime(11_000));
    expect(counting.textContent).toBe('200');
  });

  it('waits for its delay and for being active before it counts', () => {
    const { getByTestId, rerender } = render(
      <CountFigure start={4} end={15} duration={2} delay={3} active={false} testId="count" />,
    );
    const counting = getByTestId('count').firstElementChild!;
    act(() => void vi.advanceTimersByTime(10_000));
    expect(counting.textContent).toBe('4');
    rerender(<CountFigure start={4} end={15} duration={2} delay={3} active testId="count" />);
    act(() => void vi.advanceTimersByTime(2900));
    expect(counting.textContent).toBe('4');
    for (let ms = 0; ms < 2500; ms += 100) act(() => void vi.advanceTimersByTime(100));
    expect(counting.textContent).toBe('15');
  });
});
