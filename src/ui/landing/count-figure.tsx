import { useLayoutEffect, useRef } from 'react';
import { useCountUp, type CountUpOptions } from '@/ui/hooks/use-count-up';

/**
 * A figure that counts from `start` to `end` (useCountUp), or, for a visitor who asked for
 * reduced motion, shows the final figure `end` from the first paint on. CSS picks which one shows,
 * so the prerendered page is right before the script has run (and without it): a reduced-motion
 * visitor never sees the starting figure ('0+') while the page hydrates. Hidden from screen
 * readers: each counter says its final figure in words of its own.
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
  useCountUp(count, (value) => {
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
