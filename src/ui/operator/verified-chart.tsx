import { useId } from 'react';
import type { CampusDay } from '@/domain/operator/console-records';
import { dayLabel, formatNumber } from './operator-texts';

const WIDTH = 640;
const HEIGHT = 200;
const PAD = { top: 12, right: 8, bottom: 28, left: 36 };

/** The chart's one-sentence summary, which screen readers read for the drawing. */
export function chartSummary(days: readonly CampusDay[]): string {
  if (!days.length) return 'Todavía no hay estudiantes en este campus.';
  const verified = days.reduce((sum, d) => sum + d.verified, 0);
  const joined = days.reduce((sum, d) => sum + d.joined, 0);
  const best = days.reduce((a, b) => (b.verified > a.verified ? b : a));
  return (
    `${formatNumber(verified)} verificados de ${formatNumber(joined)} unidos en ` +
    `${days.length === 1 ? '1 día' : `${formatNumber(days.length)} días`}, ` +
    `del ${dayLabel(days[0]!.day)} al ${dayLabel(days.at(-1)!.day)}; ` +
    `el día con más verificados fue el ${dayLabel(best.day)} (${formatNumber(best.verified)}).`
  );
}

/**
 * A campus's verified students per day of joining (issue 61): plain SVG bars (verified, dark)
 * over the day's joined (light), with its figures as a table for screen readers and keyboards.
 */
export function VerifiedChart({ days }: { days: readonly CampusDay[] }) {
  const titleId = useId();
  const descId = useId();
  const max = Math.max(1, ...days.map((d) => d.joined));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const step = days.length ? plotW / days.length : plotW;
  const bar = Math.max(2, step * 0.7);
  const y = (n: number) => PAD.top + plotH - (n / max) * plotH;
  return (
    <figure className="space-y-2">
      <figcaption className="font-semibold text-slate-900">Verificados por día</figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
        className="h-auto w-full max-w-3xl rounded-lg bg-white ring-1 ring-slate-200"
        data-testid="verified-chart"
      >
        <title id={titleId}>Verificados por día</title>
        <desc id={descId}>{chartSummary(days)}</desc>
        <line
          x1={PAD.left}
          x2={WIDTH - PAD.right}
          y1={y(0)}
          y2={y(0)}
          stroke="#475569"
          strokeWidth={1}
        />
        <text x={PAD.left - 6} y={y(max) + 4} textAnchor="end" fontSize={12} fill="#334155">
          {max}
        </text>
        <text x={PAD.left - 6} y={y(0) + 4} textAnchor="end" fontSize={12} fill="#334155">
          0
        </text>
        {days.map((d, i) => {
          const x = PAD.left + i * step + (step - bar) / 2;
          return (
            <g key={d.day}>
              <rect x={x} y={y(d.joined)} width={bar} height={y(0) - y(d.joined)} fill="#c7d2fe" />
              <rect
                x={x}
                y={y(d.verified)}
                width={bar}
                height={y(0) - y(d.verified)}
                fill="#4338ca"
              />
            </g>
          );
        })}
        {days.length > 0 && (
          <>
            <text x={PAD.left} y={HEIGHT - 8} fontSize={12} fill="#334155">
              {days[0]!.day}
            </text>
            <text
              x={WIDTH - PAD.right}
              y={HEIGHT - 8}
              textAnchor="end"
              fontSize={12}
              fill="#334155"
            >
              {days.at(-1)!.day}
            </text>
          </>
        )}
      </svg>
      <p className="flex flex-wrap gap-4 text-sm text-slate-700" aria-hidden="true">
        <span>
          <span className="mr-1 inline-block size-3 bg-indigo-700" /> Verificados
        </span>
        <span>
          <span className="mr-1 inline-block size-3 bg-indigo-200" /> Unidos
        </span>
      </p>
      <details className="text-sm">
        <summary className="min-h-11 cursor-pointer py-2 font-medium text-indigo-800">
          Ver los datos como tabla
        </summary>
        <table className="mt-2 text-left">
          <caption className="sr-only">Unidos y verificados por día de registro</caption>
          <thead>
            <tr>
              <th scope="col" className="pr-6">
                Día
              </th>
              <th scope="col" className="pr-6">
                Unidos
              </th>
              <th scope="col">Verificados</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <th scope="row" className="pr-6 font-normal">
                  {dayLabel(d.day)}
                </th>
                <td className="pr-6">{formatNumber(d.joined)}</td>
                <td>{formatNumber(d.verified)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
