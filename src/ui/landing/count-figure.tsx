import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useCountUp, type CountUpOptions } from '@/ui/hooks/use-count-up';

/**
 * A figure that counts from `start` to `end` (useCountUp), or, for a visitor who asked for
 * reduced motion, shows the final figure `end` from the first paint on. CSS picks which one shows,
 * so the prerendered page is right before the script has run (and without it): a reduced-motion
 * visitor never sees the starting figure ('0+') while the page hydrates. It counts only on screen:
 * from when it is first seen, and it shows `end` once it leaves the screen (useOnScreen). Hidden
 * from screen readers: each counter says its final figure in words of its own.
 */
export function CountFigure({
  suffix = '',
  testId,
  ...count
}: CountUpOptions & { suffix?: string; testId: string }) {
  const { start, end } = count;
  // React renders the first figure; each next one is written to that same text node, with no
  // render of its own (useCountUp). A render of this component writes `start` again (when its
  // text changes, e.g. a new suffix): the layout effect puts the figure shown back before the
  // paint.
  const counting = useRef<HTMLSpanElement>(null);
  const figure = useRef(start);
  const write = () => {
    const text = counting.current?.firstChild;
    const shown = `${figure.current}${suffix}`;
    if (text && text.nodeValue !== shown) text.nodeValue = shown;
  };
  useLayoutEffect(write);
  const { seen, ended } = useOnScreen(counting, count.active);
  useCountUp({ ...count, active: count.active && seen, ended }, (value) => {
    figure.current = value;
    write();
  });
  return (
    <span aria-hidden="true" data-testid={testId}>
      {/* The final figure, an invisible line of no height above the count, holds its width
          from the first paint, and the count starts at its left edge (text-left: the hero
          centres its text on a phone), as one text: a count from 0 to 200 moves neither the
          text beside it, nor its own first digit, nor its '+' (each new digit was a layout
          shift in the hero's centred line). Generated text is not in innerText either. */}
      <span
        ref={counting}
        data-end={`${end}${suffix}`}
        className="inline-block text-left before:block before:h-0 before:overflow-hidden before:invisible before:content-[attr(data-end)] motion-reduce:hidden"
      >
        {`${start}${suffix}`}
      </span>
      <span className="hidden motion-reduce:inline">
        {end}
        {suffix}
      </span>
    </span>
  );
}

/**
 * Where the figure is for its count: `seen` once it has been on screen while active, `ended` once
 * it has left the screen after that (and from then on). The hero's count ran 10 s from the start
 * whether or not anyone saw it: a visitor who scrolled on, or arrived at a section's address, paid
 * a layout and a frame for each figure off screen, beside their first tap (issue 26). Without
 * IntersectionObserver, the figure counts as seen and never ends.
 */
function useOnScreen(ref: RefObject<Element | null>, active: boolean) {
  const observable = typeof IntersectionObserver !== 'undefined';
  const [seen, setSeen] = useState(!observable);
  const [ended, setEnded] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!active || ended || !element || !observable) return;
    const observer = new IntersectionObserver((entries) => {
      const onScreen = entries.some((entry) => entry.isIntersecting);
      if (onScreen) setSeen(true);
      else if (seen) setEnded(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, active, seen, ended, observable]);
  return { seen, ended };
}
