// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
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
const counts = fc.record({
  start: fc.integer({ min: 0, max: 1000 }),
  span: fc.integer({ min: 1, max: 1000 }),
  durationMs: fc.integer({ min: 100, max: 20_000 }),
  share: fc.double({ min: 0, max: 1, noNaN: true }),
});

describe('the count-up figures', () => {
  it('run from start to end without going back', () => {
    fc.assert(
      fc.property(counts, ({ start, span, durationMs, share }) => {
        const end = start + span;
        const at = share * durationMs;
        expect(countUpValue(start, end, durationMs, 0)).toBe(start);
        expect(countUpValue(start, end, durationMs, durationMs)).toBe(end);
        const value = countUpValue(start, end, durationMs, at);
        expect(value).toBeGreaterThanOrEqual(start);
        expect(value).toBeLessThanOrEqual(end);
        expect(countUpValue(start, end, durationMs, at + 1)).toBeGreaterThanOrEqual(value);
      }),
    );
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

/** The hero's counter; `onCommit` hears every figure React wrote to the page (each commit). */
function Counter({ onCommit }: { onCommit: (value: number) => void }) {
  const value = useCountUp({ start: 0, end: 200, duration: 10, active: true });
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
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("counts the hero's 0 to 200 over 10 s in at most 20 figures a second, each one new", () => {
    const frames = vi.spyOn(window, 'requestAnimationFrame');
    const seen: number[] = [];
    const { getByTestId } = render(<Counter onCommit={(value) => seen.push(value)} />);
    for (let ms = 0; ms < 11_000; ms += 10) act(() => void vi.advanceTimersByTime(10));
    expect(getByTestId('count').textContent).toBe('200');
    const figures = seen.filter((value, i) => i === 0 || value !== seen[i - 1]);
    // Every commit showed a new figure: none was spent on a figure that stayed the same.
    expect(figures).toEqual(seen);
    expect(figures).toEqual([...figures].sort((a, b) => a - b));
    expect(figures.length).toBeLessThanOrEqual(10 * COUNT_UP_STEPS_PER_SECOND + 1);
    // No animation-frame loop: each change is one commit, drawn in the frame that follows it.
    expect(frames).not.toHaveBeenCalled();
    // Once at 200, nothing is left scheduled.
    expect(vi.getTimerCount()).toBe(0);
  });
});
