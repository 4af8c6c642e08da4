import { useRef } from 'react';
import { useInView } from '@/ui/hooks/use-in-view';
import { CountFigure } from './count-figure';

/** A hard-coded display figure that counts up once visible, after a delay (spec section 9). */
export function StatCounter({
  start,
  end,
  suffix = '',
  label,
  testId,
}: {
  start: number;
  end: number;
  suffix?: string;
  label: string;
  testId: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const inView = useInView(ref);
  return (
    <div ref={ref} className="rounded-2xl bg-white/10 px-5 py-4 ring-1 ring-white/20">
      <dt className="text-sm text-indigo-100">{label}</dt>
      <dd className="mt-1 text-3xl font-extrabold text-white tabular-nums">
        <CountFigure
          start={start}
          end={end}
          duration={2}
          delay={3}
          active={inView}
          suffix={suffix}
          testId={testId}
        />
        <span className="sr-only">
          {end}
          {suffix}
        </span>
      </dd>
    </div>
  );
}
