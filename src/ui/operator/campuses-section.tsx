import { useMemo, useState } from 'react';
import { CAMPUS_STATES } from '@/domain/campus-progress';
import { launchReportCsv } from '@/domain/launch-report';
import type { ConsoleCampus } from '@/domain/operator/console-records';
import type { UseCases } from '@/domain/use-cases/use-cases';
import { Button } from '@/ui/components/button';
import { CampusDetail } from './campus-detail';
import {
  type CampusFilter,
  nextSort,
  percentOf,
  type Sort,
  type SortKey,
  stateLabel,
  unverifiedOf,
  visibleCampuses,
} from './campus-table';
import { INPUT, LoadedView, Section } from './console-ui';
import { download } from './download';
import { formatNumber, mexicoCityTime } from './operator-texts';
import { useLoad } from './use-load';

type Operator = UseCases['operator'];

const COLUMNS: readonly { key: SortKey | null; label: string }[] = [
  { key: 'name', label: 'Campus' },
  { key: 'joined', label: 'Unidos' },
  { key: 'verified', label: 'Verificados' },
  { key: 'percent', label: 'Umbral y %' },
  { key: 'sellers', label: 'Vendedores verificados / mínimo' },
  { key: null, label: 'Fuentes' },
  { key: null, label: 'Hitos' },
  { key: 'requests', label: 'Solicitudes' },
  { key: 'state', label: 'Estado' },
  { key: 'ready', label: 'Lista' },
];

/** The launch's state in a few words: programmed or sent, with its time. */
export function launchLine(campus: ConsoleCampus): string | null {
  const { launch } = campus;
  if (launch.state === 'scheduled') return `Programado: ${mexicoCityTime(launch.at)}`;
  if (launch.state === 'launched') return `Lanzado: ${mexicoCityTime(launch.at)}`;
  return null;
}

/**
 * 'Campus': the launch report as a table, sortable and filterable, with its CSV; a campus's name
 * opens its detail (chart, settings, launch).
 */
export function CampusesSection({
  operator,
  campus,
  onOpen,
}: {
  operator: Operator;
  campus: string | null;
  onOpen: (id: string | null) => void;
}) {
  const { state, reload } = useLoad(() => operator.campuses());
  if (campus) {
    const row =
      state.status === 'done' ? state.value.find((c) => c.report.campus === campus) : null;
    return (
      <CampusDetail
        operator={operator}
        id={campus}
        row={row ?? null}
        onBack={() => onOpen(null)}
        onChanged={reload}
      />
    );
  }
  return (
    <Section title="Campus">
      <LoadedView state={state} retry={reload}>
        {(campuses) => <CampusTable campuses={campuses} onOpen={onOpen} />}
      </LoadedView>
    </Section>
  );
}

function CampusTable({
  campuses,
  onOpen,
}: {
  campuses: readonly ConsoleCampus[];
  onOpen: (id: string) => void;
}) {
  const [filter, setFilter] = useState<CampusFilter>({ text: '', state: '', readyOnly: false });
  const [sort, setSort] = useState<Sort>({ key: 'verified', direction: 'descending' });
  const rows = useMemo(() => visibleCampuses(campuses, filter, sort), [campuses, filter, sort]);
  return (
    <>
      <form
        role="search"
        aria-label="Filtrar campus"
        className="flex flex-wrap items-end gap-4 rounded-xl bg-white p-4 ring-1 ring-slate-200"
        onSubmit={(e) => e.preventDefault()}
      >
        <label className="block min-w-56 flex-1 text-sm font-medium text-slate-800">
          Buscar por nombre o id
          <input
            type="search"
            className={INPUT}
            value={filter.text}
            onChange={(e) => setFilter({ ...filter, text: e.target.value })}
          />
        </label>
        <label className="block text-sm font-medium text-slate-800">
          Estado
          <select
            className={INPUT}
            value={filter.state}
            onChange={(e) => setFilter({ ...filter, state: e.target.value })}
          >
            <option value="">Todos</option>
            {[...CAMPUS_STATES, 'pendiente'].map((s) => (
              <option key={s} value={s}>
                {stateLabel(s)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            className="size-5"
            checked={filter.readyOnly}
            onChange={(e) => setFilter({ ...filter, readyOnly: e.target.checked })}
          />
          Solo listos
        </label>
        <Button
          variant="secondary"
          size="sm"
          onClick={() =>
            download(
              'campus.csv',
              launchReportCsv(rows.map((c) => c.report)),
              'text/csv;charset=utf-8',
            )
          }
        >
          Descargar CSV
        </Button>
      </form>
      <p role="status" className="text-sm text-slate-700">
        {rows.length === 1 ? '1 campus' : `${formatNumber(rows.length)} campus`}
      </p>
      <div className="relative overflow-x-auto rounded-xl bg-white ring-1 ring-slate-200">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">
            Campus con estudiantes, configuración o solicitudes. Los encabezados con botón ordenan
            la tabla.
          </caption>
          <thead className="bg-slate-100 text-slate-800">
            <tr>
              {COLUMNS.map((column) => (
                <th
                  key={column.label}
                  scope="col"
                  className="px-3 py-2 align-bottom font-semibold"
                  aria-sort={column.key && sort.key === column.key ? sort.direction : undefined}
                >
                  {column.key ? (
                    <button
                      type="button"
                      className="min-h-11 text-left font-semibold underline-offset-2 hover:underline"
                      onClick={() => setSort(nextSort(sort, column.key!))}
                    >
                      {column.label}
                      <span aria-hidden="true">
                        {sort.key === column.key
                          ? sort.direction === 'ascending'
                            ? ' ▲'
                            : ' ▼'
                          : ''}
                      </span>
                    </button>
                  ) : (
                    column.label
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((c) => (
              <CampusRow key={c.report.campus} campus={c} onOpen={onOpen} />
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function CampusRow({ campus, onOpen }: { campus: ConsoleCampus; onOpen: (id: string) => void }) {
  const { report } = campus;
  const percent = percentOf(campus);
  const launch = launchLine(campus);
  return (
    <tr className="border-t border-slate-200 align-top" data-campus={report.campus}>
      <th scope="row" className="px-3 py-2 font-normal">
        <button
          type="button"
          className="min-h-11 text-left font-semibold text-indigo-800 underline underline-offset-2"
          onClick={() => onOpen(report.campus)}
        >
          {campus.name}
        </button>
        <span className="block font-mono text-xs text-slate-600">{report.campus}</span>
      </th>
      <td className="px-3 py-2">
        {formatNumber(report.joined)}
        <span className="block text-xs text-slate-600">
          {formatNumber(unverifiedOf(campus))} sin verificar
        </span>
      </td>
      <td className="px-3 py-2 font-semibold" data-testid="verified">
        {formatNumber(report.verified)}
      </td>
      <td className="px-3 py-2">
        {report.threshold === null ? '—' : `${formatNumber(report.threshold)} · ${percent} %`}
      </td>
      <td className="px-3 py-2">
        {report.sellerMinimum === null
          ? formatNumber(report.sellersVerified)
          : `${formatNumber(report.sellersVerified)} / ${formatNumber(report.sellerMinimum)}`}
        <span className="block text-xs text-slate-600">
          {formatNumber(report.sellers)} en total
        </span>
      </td>
      <td className="px-3 py-2">
        {report.sources.length ? (
          <ul>
            {report.sources.slice(0, 3).map((s) => (
              <li key={s.source}>
                {s.source}: {formatNumber(s.verified)} verificados
                <span className="text-xs text-slate-600"> de {formatNumber(s.students)}</span>
              </li>
            ))}
          </ul>
        ) : (
          '—'
        )}
      </td>
      <td className="px-3 py-2">
        {report.milestones.length ? report.milestones.map((m) => `${m} %`).join(', ') : '—'}
      </td>
      <td className="px-3 py-2">
        {formatNumber(report.requests)}
        <span className="block text-xs text-slate-600">
          {formatNumber(report.requestsVerified)} verificadas
        </span>
      </td>
      <td className="px-3 py-2">
        {stateLabel(report.state)}
        {launch && <span className="block text-xs text-slate-700">{launch}</span>}
      </td>
      <td className="px-3 py-2" data-testid="ready">
        {report.ready ? (
          <span className="rounded-full bg-emerald-100 px-2 py-1 font-semibold text-emerald-900">
            Lista
          </span>
        ) : (
          <span className="text-slate-700">No</span>
        )}
      </td>
    </tr>
  );
}
