import { useEffect, useState } from 'react';
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
}

const easeOutExpo = (t: number) => (t >= 1 ? 1 : 1 - 2 ** (-10 * t));

/** A number that counts from `start` to `end` once active; with reduced motion it is `end` at once. */
export function useCountUp({ start, end, duration, delay = 0, active }: CountUpOptions): number {
  const reduced = useReducedMotion();
  const [value, setValue] = useState(start);
  useEffect(() => {
    if (!active) return;
    if (reduced) return;
    let frame = 0;
    const timer = setTimeout(() => {
      const t0 = performance.now();
      const tick = (now: number) => {
        const t = Math.min(1, (now - t0) / (duration * 1000));
        setValue(Math.round(start + (end - start) * easeOutExpo(t)));
        if (t < 1) frame = requestAnimationFrame(tick);
      };
      frame = requestAnimationFrame(tick);
    }, delay * 1000);
    return () => {
      clearTimeout(timer);
      cancelAnimationFrame(frame);
    };
  }, [active, reduced, start, end, duration, delay]);
  return reduced ? end : value;
}
