// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  COUNT_UP_STEPS_PER_SECOND,
  countUpValue,
  nextCountUpChange,
  useCountUp,
} from '@/ui/hooks/use-count-up';

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

/** A counter; `onCommit` hears every figure React wrote to the page (each commit). */
function Counter({ end = 200, onCommit }: { end?: number; onCommit: (value: number) => void }) {
  const value = useCountUp({ start: 0, end, duration: 10, active: true });
  useLayoutEffect(() => {
    onCommit(value);
  });
  return <span data-testid="count">{value}</span>;
}

describe('useCountUp', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("counts the hero's 0 to 200 over 10 s in at most 20 figures a second, each one new", () => {
    const frames = vi.spyOn(window, 'requestAnimationFrame');
    const seen: number[] = [];
    const at: number[] = [];
    const onCommit = (value: number) => {
      seen.push(value);
      at.push(performance.now());
    };
    const { getByTestId } = render(<Counter onCommit={onCommit} />);
    for (let ms = 0; ms < 11_000; ms += 10) act(() => void vi.advanceTimersByTime(10));
    expect(getByTestId('count').textContent).toBe('200');
    const figures = seen.filter((value, i) => i === 0 || value !== seen[i - 1]);
    // Every commit showed a new figure: none was spent on a figure that stayed the same.
    expect(figures).toEqual(seen);
    expect(figures).toEqual([...figures].sort((a, b) => a - b));
    // A step apart at least: 20 figures a second at most, where it counts fastest too.
    const gaps = at.slice(1).map((time, i) => time - at[i]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(1000 / COUNT_UP_STEPS_PER_SECOND);
    expect(at.filter((time) => time - at[0]! <= 1000).length).toBeLessThanOrEqual(
      COUNT_UP_STEPS_PER_SECOND + 1,
    );
    // No animation-frame loop: each change is one commit, drawn in the frame that follows it.
    expect(frames).not.toHaveBeenCalled();
    // Once at 200, nothing is left scheduled.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops at the end of its time even when the end is no whole figure', () => {
    const { getByTestId } = render(<Counter end={10.5} onCommit={() => {}} />);
    for (let ms = 0; ms < 11_000; ms += 100) act(() => void vi.advanceTimersByTime(100));
    expect(getByTestId('count').textContent).toBe('11');
    expect(vi.getTimerCount()).toBe(0);
  });
});
