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
      <span className="motion-reduce:hidden">{value}</span>
      <span className="hidden motion-reduce:inline">{end}</span>
      {suffix}
    </span>
  );
}
