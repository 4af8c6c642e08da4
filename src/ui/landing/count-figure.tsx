/**
 * A counting figure as drawn: the current `value`, or, for a visitor who asked for reduced motion,
 * the final figure `end` from the first paint on. CSS picks which one shows, so the prerendered
 * page is right before the script has run (and without it): a reduced-motion visitor never sees
 * the starting figure ('0+') while the page hydrates. Hidden from screen readers: each counter
 * says its final figure in words of its own.
 */
export function CountFigure({
  value,
  end,
  suffix = '',
  testId,
}: {
  value: number;
  end: number;
  suffix?: string;
  testId: string;
}) {
  return (
    <span aria-hidden="true" data-testid={testId}>
      {/* The final figure, an invisible line of no height above the count, holds its width
          from the first paint, and the count starts at its left edge (text-left: the hero
          centres its text on a phone), as one text: a count from 0 to 200 moves neither the
          text beside it, nor its own first digit, nor its '+' (each new digit was a layout
          shift in the hero's centred line). Generated text is not in innerText either. */}
      <span
        data-end={`${end}${suffix}`}
        className="inline-block text-left before:block before:h-0 before:overflow-hidden before:invisible before:content-[attr(data-end)] motion-reduce:hidden"
      >
        {`${value}${suffix}`}
      </span>
      <span className="hidden motion-reduce:inline">
        {end}
        {suffix}
      </span>
    </span>
  );
}
