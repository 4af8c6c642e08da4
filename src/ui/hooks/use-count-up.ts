import { useEffect, useLayoutEffect, useRef } from 'react';
import { useReducedMotion } from './use-reduced-motion';

export interface CountUpOptions {
  readonly start: number;
  readonly end: number;
  /** Seconds the count takes. */
  readonly duration: number;
  /** Seconds to wait before counting. */
  readonly delay?: number;
  /** Counting starts when this becomes true. */
  readonly active: boolean;
  /**
   * Show `end` at once and count no more (the figure is off screen: nobody sees the count, and
   * each figure would still cost a layout and a frame).
   */
  readonly ended?: boolean;
}

/**
 * The most a count shows in a second. A new figure costs a layout, a paint and a composited frame
 * (not a React render: see useCountUp); at every display frame, the hero's count (10 s) kept a
 * cheap phone drawing through the whole start-up, beside the islands' hydration (issue 15).
 * Twenty figures a second still read as counting.
 */
export const COUNT_UP_STEPS_PER_SECOND = 20;

const easeOutExpo = (t: number) => (t >= 1 ? 1 : 1 - 2 ** (-10 * t));
/**
 * The progress (0-1) at which easeOutExpo first reaches `y`. The curve jumps from about 0.999 to 1
 * at t = 1, so a `y` above its value just before that is first reached at the end.
 */
const progressAt = (y: number) => (y >= easeOutExpo(0.9999) ? 1 : -Math.log2(1 - y) / 10);

/** The figure shown `elapsed` ms into a count. */
export function countUpValue(start: number, end: number, durationMs: number, elapsed: number) {
  const t = durationMs > 0 ? Math.min(1, Math.max(0, elapsed / durationMs)) : 1;
  const value = Math.round(start + (end - start) * easeOutExpo(t));
  return value === 0 ? 0 : value; // never -0, which Object.is (and the tests' toBe) tell from 0
}

/**
 * When (ms into the count) to show the next figure after `shown`: when the figure changes, but
 * no sooner than a step after `elapsed` (the count's end once `shown` is the last figure).
 */
export function nextCountUpChange(
  start: number,
  end: number,
  durationMs: number,
  elapsed: number,
  shown: number,
): number {
  const soonest = elapsed + 1000 / COUNT_UP_STEPS_PER_SECOND;
  if (shown === end) return Math.max(soonest, durationMs);
  // The figure rounds to the next whole number once the eased value passes halfway to it.
  const direction = Math.sign(end - start);
  const share = (shown + direction * 0.5 - start) / (end - start);
  return Math.max(soonest, progressAt(share) * durationMs);
}

/**
 * Counts from `start` to `end` once active, handing each new figure to `show`: `start` while not
 * active, and `end` at once with reduced motion or once `ended`. The figure changes at most
 * COUNT_UP_STEPS_PER_SECOND times a second, from a timer: no frame is asked for while the figure
 * stays the same (an animation-frame loop drew up to three frames per change: the callback's,
 * React's commit and a trailing one).
 *
 * `show` writes the figure to the page itself, outside React: a figure through React state cost a
 * task for the timer, another for React's render and commit, then the frame; the hero's count
 * shows about 85 figures, most of them in its first 3 s, while the page starts (issue 26). `show`
 * may change from one render to the next: the latest one is called.
 */
export function useCountUp(
  { start, end, duration, delay = 0, active, ended = false }: CountUpOptions,
  show: (figure: number) => void,
): void {
  const reduced = useReducedMotion();
  const latestShow = useRef(show);
  useLayoutEffect(() => {
    latestShow.current = show;
  });
  useEffect(() => {
    if (reduced || ended || !active) {
      // Also undoes the other: reduced motion turned off before a counter is active shows `start`.
      latestShow.current(reduced || ended ? end : start);
      return;
    }
    const durationMs = duration * 1000;
    let t0 = 0;
    let shownLast = Number.NaN; // the first tick writes its figure, whatever the page shows
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const elapsed = performance.now() - t0;
      const shown = countUpValue(start, end, durationMs, elapsed);
      if (shown !== shownLast) latestShow.current(shown);
      shownLast = shown;
      if (shown === end || elapsed >= durationMs) return;
      const next = nextCountUpChange(start, end, durationMs, elapsed, shown);
      // Timers drop the fraction of their delay: woken a millisecond early, the tick would see
      // the old figure and wait another step.
      timer = setTimeout(tick, Math.ceil(next - elapsed) + 1);
    };
    timer = setTimeout(() => {
      t0 = performance.now();
      tick();
    }, delay * 1000);
    return () => clearTimeout(timer);
  }, [active, ended, reduced, start, end, duration, delay]);
}
